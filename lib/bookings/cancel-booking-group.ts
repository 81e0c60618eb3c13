import { systemClock, type Clock } from "@/lib/clock";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import type { BookingActor } from "./booking-actor";
import { toBookingGroupView } from "./booking-group";
import type { GroupCancelOutcome } from "./booking-outcome";
import { cancellationCall } from "./cancel-booking";
import { loadBookingGroup } from "./find-booking-groups";

const CANCEL_BOOKING_GROUP: HotStatement = { name: "cancel_booking_group", text: "SELECT cancel_booking_group($1::jsonb) AS outcome" };

/**
 * Cancels every room of a group that is still confirmed, together (one statement,
 * cancel_booking_group, with the write rules of a booking's cancellation): each room with its
 * own fee under its own terms, its nights given back, its history and its booking.cancelled
 * event. Rooms cancelled alone before stay as they are; a group with no room left to cancel is
 * "unchanged" (cancelling again changes nothing). Until a confirmed room's check-in date has
 * passed at the property (else not_cancellable naming that room, and nothing is cancelled). A
 * group of another property is group_not_found.
 */
export async function cancelBookingGroup(
  db: Db,
  options: { property: PropertyClockFacts & { id: string }; groupId: string; reason?: string; actor: BookingActor; clock?: Clock },
): Promise<GroupCancelOutcome> {
  const { property, groupId, actor } = options;
  for (;;) {
    const loaded = await loadBookingGroup(db, property.id, groupId);
    if (!loaded) return { kind: "group_not_found", groupId };
    const confirmed = loaded.rooms.filter((room) => room.status === "confirmed");
    if (confirmed.length === 0) return { kind: "unchanged", group: toBookingGroupView(loaded.group, loaded.rooms) };
    const now = (options.clock ?? systemClock).now();
    const today = propertyToday(property, { now: () => now });
    // Each room by its own stay (a room changed alone may have moved): one whose check-in has passed is named.
    const started = confirmed.find((room) => room.stay.checkin < today);
    if (started) return { kind: "not_cancellable", checkin: started.stay.checkin, today, room: started.group!.room };
    // In the lock order of their nights: room type, then the room's place.
    const inLockOrder = [...confirmed].sort((a, b) => (a.roomTypeId === b.roomTypeId ? a.group!.room - b.group!.room : a.roomTypeId < b.roomTypeId ? -1 : 1));
    const rooms = inLockOrder.map((booking) => cancellationCall(booking, { property, now, reason: options.reason, actor }));
    const { rows } = await queryHot<{ outcome: "cancelled" | "stale" | "not_found" }>(db, CANCEL_BOOKING_GROUP, [JSON.stringify({ groupId, propertyId: property.id, rooms })]);
    const answer = rows[0]!.outcome;
    if (answer === "stale") continue;
    if (answer === "not_found") return { kind: "group_not_found", groupId };
    const after = await loadBookingGroup(db, property.id, groupId);
    return { kind: "cancelled", group: toBookingGroupView(after!.group, after!.rooms) };
  }
}
