import type { Db } from "@/lib/db";
import { refusalError } from "./booking-refusals";
import { roomTypeNames } from "@/lib/room-types/list-room-types";
import type { BookingChangePrevious } from "@/lib/schemas/bookings";
import { bookingChangeLines, type BookingChangeLine } from "./booking-change-lines";
import { madeByLabel } from "./booking-channel";

/** One moment of a booking's life, in words for staff; `by` says who: an API key, the desk ("Desk · Maria Silva"), a staff e-mail or a tool. */
export type BookingHistoryItem =
  | { kind: "created"; at: Date; by: string }
  | { kind: "changed"; at: Date; by: string; changes: BookingChangeLine[] }
  | { kind: "cancelled"; at: Date; by: string; reason: string | null };

/** Said of a cancellation made before bookings kept their history (there is no record of who). */
export const NOT_RECORDED = "not recorded";
const keyName = (key: { label: string; hint: string }) => `${key.label} (${key.hint})`;

/**
 * A booking's history, oldest first: its creation (the booking itself: when, and by which API
 * key, or at the desk by whom: "Desk · Maria Silva", "Desk" when nobody is recorded), each change (who, and each field from → to), its cancellation (who, and the reason).
 * An API key is named by its label and hint while it exists, else by the label the history
 * stored ("API key rb_live_…"); a staff member by the e-mail they acted with. A booking of
 * another property is not found, as everywhere.
 */
export async function listBookingHistory(db: Db, options: { propertyId: string; bookingId: string }): Promise<BookingHistoryItem[]> {
  const booking = await db.booking.findFirst({
    where: { id: options.bookingId, propertyId: options.propertyId },
    select: {
      createdAt: true,
      cancelledAt: true,
      cancellationReason: true,
      currency: true,
      source: true,
      apiKey: { select: { label: true, hint: true } },
      staffUser: { select: { name: true, email: true } },
      history: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { kind: true, createdAt: true, actorLabel: true, previous: true, current: true, apiKey: { select: { label: true, hint: true } } },
      },
    },
  });
  if (!booking) throw refusalError({ kind: "not_found", bookingId: options.bookingId });
  const context = { currency: booking.currency, roomTypeNames: await roomTypeNames(db, options.propertyId) };

  const items: BookingHistoryItem[] = [{ kind: "created", at: booking.createdAt, by: madeByLabel({ ...booking, apiKeyName: booking.apiKey && keyName(booking.apiKey) }) }];
  for (const entry of booking.history) {
    const by = entry.apiKey ? keyName(entry.apiKey) : entry.actorLabel;
    if (entry.kind === "cancelled") {
      items.push({ kind: "cancelled", at: entry.createdAt, by, reason: booking.cancellationReason });
    } else {
      const changes = bookingChangeLines((entry.previous ?? {}) as BookingChangePrevious, (entry.current ?? {}) as BookingChangePrevious, context);
      items.push({ kind: "changed", at: entry.createdAt, by, changes });
    }
  }
  if (booking.cancelledAt && !booking.history.some((entry) => entry.kind === "cancelled")) {
    items.push({ kind: "cancelled", at: booking.cancelledAt, by: NOT_RECORDED, reason: booking.cancellationReason });
  }
  return items;
}
