import type { BookingView } from "@/lib/schemas/bookings";

/** The fields an event's booking may lack when it was stored before they existed. */
type AddedLater = "childrenAges" | "extras" | "groupId";

/**
 * The booking of an event as stored in the outbox, as the e-mails read it: an event written
 * before families (issue 37) has no childrenAges and no extras (no children came, nothing was
 * added), one written before booking groups (issue 38) no groupId (it was booked alone), so an
 * e-mail still waiting for it when the app is upgraded renders as any other.
 */
export function storedBooking(booking: Omit<BookingView, AddedLater> & Partial<Pick<BookingView, AddedLater>>): BookingView {
  return { ...booking, childrenAges: booking.childrenAges ?? [], extras: booking.extras ?? [], groupId: booking.groupId ?? null };
}
