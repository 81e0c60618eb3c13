import Link from "next/link";
import { guestWords } from "@/lib/i18n/guest-words";
import { formatMoney } from "@/lib/money/currency";
import type { BookingGroupView } from "@/lib/schemas/booking-groups";

const WORDS = guestWords("en");

/**
 * A booking page's "Booking group": the rooms booked with this one at once (POST
 * /booking-groups, several rooms of one stay), each linked to its page, with its party, guest,
 * price and state; the group's reference, booker, status and total above them.
 */
export function BookingGroupRooms({ group, bookingId, roomTypes }: { group: BookingGroupView; bookingId: string; roomTypes: Map<string, string> }) {
  const { booker } = group;
  return (
    <section aria-labelledby="group-heading" className="space-y-3" data-testid="booking-group">
      <h2 id="group-heading" className="font-serif text-2xl text-brand-900">Booking group {group.reference}</h2>
      <p className="text-sm text-stone-700">
        {group.bookings.length} rooms booked together by {booker.firstName} {booker.lastName} &lt;{booker.email}&gt;: {group.status.replace("_", " ")}, {formatMoney(group.price.total)} in all
        {group.cancellationFee ? `, cancellation fees ${formatMoney(group.cancellationFee)}` : ""}.
      </p>
      <table className="w-full max-w-4xl text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-2 pr-4">Room</th><th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Room type</th><th className="py-2 pr-4">Guests</th><th className="py-2 pr-4">Guest</th><th className="py-2 pr-4">Price</th><th className="py-2">Status</th>
          </tr>
        </thead>
        <tbody>
          {group.bookings.map((room, index) => (
            <tr key={room.id} className="border-b border-stone-200">
              <td className="py-2 pr-4">{index + 1}</td>
              <td className="py-2 pr-4">
                {room.id === bookingId ? (
                  <span className="font-mono" aria-current="page">{room.reference} (this booking)</span>
                ) : (
                  <Link className="font-mono text-brand-700 underline" href={`/bookings/${room.id}`}>{room.reference}</Link>
                )}
              </td>
              <td className="py-2 pr-4">{roomTypes.get(room.roomTypeId) ?? "—"}</td>
              <td className="py-2 pr-4">{WORDS.party(room)}</td>
              <td className="py-2 pr-4">{room.guest.firstName} {room.guest.lastName}</td>
              <td className="py-2 pr-4">{formatMoney(room.price)}</td>
              <td className="py-2">{room.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
