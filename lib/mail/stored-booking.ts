import type { BookingView } from "@/lib/schemas/bookings";

/**
 * The booking of an event as stored in the outbox, as the e-mails read it: an event written
 * before families (issue 37) has no childrenAges and no extras (no children came, nothing was
 * added), so an e-mail still waiting for it when the app is upgraded renders as any other.
 */
export function storedBooking(booking: Omit<BookingView, "childrenAges" | "extras"> & Partial<Pick<BookingView, "childrenAges" | "extras">>): BookingView {
  return { ...booking, childrenAges: booking.childrenAges ?? [], extras: booking.extras ?? [] };
}
