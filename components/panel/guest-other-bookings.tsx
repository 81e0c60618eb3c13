import Link from "next/link";
import type { GuestBookings } from "@/lib/bookings/list-guest-bookings";
import { formatStayRange } from "@/lib/dates/format-calendar-date";
import { bookingsListHref } from "./bookings-filter-form";

/**
 * A booking page's "Other bookings by this guest": the property's other bookings made with the
 * same e-mail, newest stay first, each linked to its page; when there are more than are shown,
 * a link to the bookings list searched by the e-mail.
 */
export function GuestOtherBookings({ email, found, roomTypes }: { email: string; found: GuestBookings; roomTypes: Map<string, string> }) {
  const more = found.total - found.bookings.length;
  return (
    <section aria-labelledby="guest-bookings-heading" className="space-y-3" data-testid="guest-bookings">
      <h2 id="guest-bookings-heading" className="font-serif text-2xl text-brand-900">Other bookings by this guest</h2>
      <p className="text-sm text-stone-600">Bookings at this property made with the e-mail {email} (in any capitals).</p>
      {found.total === 0 ? (
        <p className="text-sm text-stone-600">No other bookings by this guest.</p>
      ) : (
        <table className="w-full max-w-3xl text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Stay</th><th className="py-2 pr-4">Room type</th><th className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {found.bookings.map((booking) => (
              <tr key={booking.id} className="border-b border-stone-200">
                <td className="py-2 pr-4"><Link className="font-mono text-brand-700 underline" href={`/bookings/${booking.id}`}>{booking.reference}</Link></td>
                <td className="whitespace-nowrap py-2 pr-4">{formatStayRange(booking.checkin, booking.checkout)}</td>
                <td className="py-2 pr-4">{roomTypes.get(booking.roomTypeId) ?? "—"}</td>
                <td className="py-2">{booking.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more > 0 && (
        <p className="text-sm text-stone-600">
          The {found.bookings.length} newest stays of {found.total} are shown.{" "}
          <Link className="text-brand-700 underline" href={bookingsListHref({ q: email })}>Search the bookings list for {email}</Link>.
        </p>
      )}
    </section>
  );
}
