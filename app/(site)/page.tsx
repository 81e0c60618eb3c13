import { addDays } from "@/lib/dates/calendar-date";
import { SearchForm } from "@/components/booking-widget/search-form";
import { getEngineLook, getHotel, getSite, getWords } from "./_lib/guest-site";

/** A guest site's home page, with the booking widget: the demo hotel's words, or the hotel's own welcome text. */
export default async function HomePage() {
  const [hotel, site, look, words] = await Promise.all([getHotel(), getSite(), getEngineLook(), getWords()]);
  const { t } = words;
  const today = hotel?.today;
  const name = hotel?.name ?? t("site.defaultName");
  const search = (
    <>
      <SearchForm site={site.ref} words={words} today={today} values={today ? { checkin: addDays(today, 7), checkout: addDays(today, 9) } : {}} />
      {!hotel && <p role="alert" className="text-sm text-red-700">{t("common.unavailable")}</p>}
    </>
  );
  if (site.view === "embed") {
    return (
      <section aria-labelledby="book-heading" className="space-y-3">
        <h1 id="book-heading" className="font-serif text-2xl text-brand-900">{t("home.embedHeading", { name })}</h1>
        {look?.welcomeText && <p className="text-stone-700" data-testid="welcome-text">{look.welcomeText}</p>}
        {search}
      </section>
    );
  }
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        {!look && <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{t("home.demoTagline")}</p>}
        <h1 className="font-serif text-5xl text-brand-900">{name}</h1>
        <p className="max-w-2xl text-lg text-stone-700" data-testid={look ? "welcome-text" : undefined}>
          {look ? look.welcomeText || t("home.engineIntro") : t("home.demoIntro")}
        </p>
      </section>
      <section aria-labelledby="book-heading" className="space-y-3">
        <h2 id="book-heading" className="font-serif text-2xl text-brand-900">{t("site.bookARoom")}</h2>
        {search}
      </section>
    </div>
  );
}
