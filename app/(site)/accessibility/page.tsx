import type { Metadata } from "next";
import { getHotel } from "../_lib/guest-site";

export const metadata: Metadata = { title: "Accessibility" };

/**
 * The accessibility statement of the booking pages (the demo site and every hotel's booking
 * engine, full page and embedded): the standard aimed at, how it is tested, what is known not to
 * work, and whom to tell about a problem.
 */
export default async function AccessibilityPage() {
  const hotel = await getHotel();
  const contact = hotel?.contact;
  return (
    <article className="max-w-3xl space-y-5 text-stone-800">
      <h1 className="font-serif text-4xl text-brand-900">Accessibility statement</h1>
      <p>These booking pages aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, on the full-page site and inside the booking widget on the hotel&apos;s own website.</p>
      <h2 className="font-serif text-2xl text-brand-900">How we test</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>Every page, in every language, is checked with axe-core on each change; a serious or critical finding stops the release.</li>
        <li>A whole booking (search, choose, guest details, confirmation) is made with the keyboard alone, inside the widget too.</li>
        <li>Pages are checked at 390 pixels wide (a small phone) and zoomed: nothing is cut off or scrolls sideways.</li>
        <li>Booking works without JavaScript and without cookies; forms name their fields and say what is wrong beside each one.</li>
        <li>The hotel&apos;s accent colour is accepted only with a contrast of at least 4.5:1 against white.</li>
      </ul>
      <h2 className="font-serif text-2xl text-brand-900">Known limits</h2>
      <p>Date fields use your browser&apos;s own date picker, whose accessibility depends on the browser. Room descriptions are written by the hotel.</p>
      <h2 className="font-serif text-2xl text-brand-900">Tell us about a problem</h2>
      <p>
        If something on these pages is hard or impossible to use, tell the hotel
        {contact?.email ? (
          <>
            {" "}at <a className="text-brand-700 underline" href={`mailto:${contact.email}`}>{contact.email}</a>
          </>
        ) : null}
        {contact?.phone ? <> or call {contact.phone}</> : null}: they will book for you and pass the problem on to us.
      </p>
      <p className="text-sm text-stone-600">Statement reviewed on 26 November 2026.</p>
    </article>
  );
}
