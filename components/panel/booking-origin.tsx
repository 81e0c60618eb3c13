import type { BookingOrigin } from "@/lib/bookings/booking-origins";

/** Who made a booking ("Desk · Maria Silva", or the API key's label) and, for desk bookings, the guest's phone and the staff's note. */
export function BookingOriginDetails({ origin }: { origin: BookingOrigin }) {
  return (
    <dl className="grid max-w-2xl grid-cols-[12rem_1fr] gap-y-2 text-sm" data-testid="booking-origin">
      <dt className="font-medium text-stone-600">Made by</dt>
      <dd>{origin.madeBy}</dd>
      {origin.guestPhone && (
        <>
          <dt className="font-medium text-stone-600">Guest phone</dt>
          <dd><a className="text-brand-700 underline" href={`tel:${origin.guestPhone.replace(/[^\d+]/g, "")}`}>{origin.guestPhone}</a></dd>
        </>
      )}
      {origin.staffNote && (
        <>
          <dt className="font-medium text-stone-600">Note for the staff</dt>
          <dd className="whitespace-pre-line">{origin.staffNote}</dd>
        </>
      )}
    </dl>
  );
}
