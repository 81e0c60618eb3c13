import type { Metadata } from "next";
import { getHotel, getWords } from "../_lib/guest-site";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("accessibility.title") };
}

/** When the statement below was last reviewed against the pages. */
const REVIEWED = "2026-11-26";

/**
 * The accessibility statement of the booking pages (the demo site and every hotel's booking
 * engine, full page and embedded): the standard aimed at, how it is tested, what is known not to
 * work, and whom to tell about a problem.
 */
export default async function AccessibilityPage() {
  const [hotel, words] = await Promise.all([getHotel(), getWords()]);
  const { t } = words;
  const contact = hotel?.contact;
  return (
    <article className="max-w-3xl space-y-5 text-stone-800">
      <h1 className="font-serif text-4xl text-brand-900">{t("accessibility.heading")}</h1>
      <p>{t("accessibility.aim")}</p>
      <h2 className="font-serif text-2xl text-brand-900">{t("accessibility.howHeading")}</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>{t("accessibility.howAxe")}</li>
        <li>{t("accessibility.howKeyboard")}</li>
        <li>{t("accessibility.howNarrow")}</li>
        <li>{t("accessibility.howNoScript")}</li>
        <li>{t("accessibility.howContrast")}</li>
      </ul>
      <h2 className="font-serif text-2xl text-brand-900">{t("accessibility.limitsHeading")}</h2>
      <p>{t("accessibility.limits")}</p>
      <h2 className="font-serif text-2xl text-brand-900">{t("accessibility.contactHeading")}</h2>
      <p>{t("accessibility.contact")}</p>
      {(contact?.email || contact?.phone) && (
        <ul className="space-y-1" data-testid="accessibility-contact">
          {contact.email && <li>{t.rich("accessibility.contactEmail", { email: contact.email, a: (chunks) => <a className="text-brand-700 underline" href={`mailto:${contact.email}`}>{chunks}</a> })}</li>}
          {contact.phone && <li>{t("accessibility.contactPhone", { phone: contact.phone })}</li>}
        </ul>
      )}
      <p className="text-sm text-stone-600">{t("accessibility.reviewed", { date: words.longDate(REVIEWED) })}</p>
    </article>
  );
}
