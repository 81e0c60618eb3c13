import { addDays } from "@/lib/dates/calendar-date";
import { SearchForm } from "@/components/booking-widget/search-form";
import { getHotel } from "./_lib/guest-site";

/** The demo hotel's home page, with the booking widget. */
export default async function HomePage() {
  const hotel = await getHotel();
  const today = hotel?.today;
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Lisbon · on the river</p>
        <h1 className="font-serif text-5xl text-brand-900">{hotel?.name ?? "Harbour View Hotel"}</h1>
        <p className="max-w-2xl text-lg text-stone-700">
          Rooms over the Tagus, a short walk from the old town. Book directly: the best price, and free cancellation until
          your check-in date.
        </p>
      </section>
      <section aria-labelledby="book-heading" className="space-y-3">
        <h2 id="book-heading" className="font-serif text-2xl text-brand-900">Book a room</h2>
        <SearchForm today={today} values={today ? { checkin: addDays(today, 7), checkout: addDays(today, 9), adults: "2" } : {}} />
        {!hotel && <p role="alert" className="text-sm text-red-700">Online booking is unavailable just now. Please try again in a moment.</p>}
      </section>
    </div>
  );
}
