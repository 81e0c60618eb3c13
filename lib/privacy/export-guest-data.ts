import { systemClock, type Clock } from "@/lib/clock";
import { toBookingView } from "@/lib/bookings/booking-view";
import type { Db } from "@/lib/db";
import type { BookingView } from "@/lib/schemas/bookings";
import { findGuestBookings, guestEmailKey } from "./guest-bookings";

/** What the hotel holds about a guest (GDPR article 15): each booking, its history and the e-mails sent about it. */
export type GuestDataExport = {
  email: string;
  property: { name: string; slug: string };
  exportedAt: string;
  bookings: (BookingView & {
    /** What the desk recorded beside it (never in the partner API). */
    desk: { guestPhone: string | null; staffNote: string | null };
    history: { kind: string; at: string; by: string; before: unknown; after: unknown }[];
    emails: { about: string; to: string; status: string; sentAt: string | null; message: unknown }[];
  })[];
};

/**
 * Everything the property holds about the guest with this e-mail (any capitals), as one JSON
 * document: their bookings as the API shows them with the desk's phone and note, each change
 * with its fields before and after and who made it, and each e-mail sent about them (the test
 * mailbox's copy included). Read-only.
 */
export async function exportGuestData(db: Db, options: { property: { id: string; name: string; slug: string }; email: string; clock?: Clock }): Promise<GuestDataExport> {
  const { property } = options;
  const bookings = await findGuestBookings(db, property.id, options.email);
  const ids = bookings.map((booking) => booking.id);
  const [history, emails] = await Promise.all([
    db.bookingHistoryEntry.findMany({ where: { bookingId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.$queryRaw<{ booking_id: string; type: string; recipient: string; status: string; sent_at: Date | null; kept_message: unknown }[]>`
      SELECT e.booking_id, e.type, g.recipient, g.status::text AS status, g.sent_at, g.kept_message
      FROM guest_emails g JOIN events e ON e.id = g.event_id
      WHERE g.property_id = ${property.id} AND e.booking_id = ANY(${ids}::text[])
      ORDER BY g.created_at`,
  ]);
  return {
    email: guestEmailKey(options.email),
    property: { name: property.name, slug: property.slug },
    exportedAt: (options.clock ?? systemClock).now().toISOString(),
    bookings: bookings.map((booking) => ({
      ...toBookingView(booking),
      desk: booking.desk,
      history: history
        .filter((entry) => entry.bookingId === booking.id)
        .map((entry) => ({ kind: entry.kind, at: entry.createdAt.toISOString(), by: entry.actorLabel, before: entry.previous, after: entry.current })),
      emails: emails
        .filter((email) => email.booking_id === booking.id)
        .map((email) => ({ about: email.type, to: email.recipient, status: email.status, sentAt: email.sent_at?.toISOString() ?? null, message: email.kept_message })),
    })),
  };
}
