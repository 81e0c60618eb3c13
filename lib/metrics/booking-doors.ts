import type { Db } from "@/lib/db";
import type { StoredBookingEvent, StoredEvent } from "@/lib/events/stored-event";
import { appMetrics } from "./app-metrics";

/** The way a booking was made, changed or cancelled: the partner API, a hotel's booking engine (its guest site), the panel, or a tool (CLI, seed). */
export type BookingDoor = "api" | "site" | "panel" | "other";

/**
 * A key's door, once read: a key is made for an engine or not, and stays so (an engine gets a new
 * key when its key is rotated). Without it, each booking's dispatch paid one more query.
 */
const keyDoors = new Map<string, BookingDoor>();

const ACTIONS: Record<StoredBookingEvent["type"], string> = { "booking.created": "created", "booking.changed": "changed", "booking.cancelled": "cancelled" };

/**
 * Which door an event's actor came through: staff are the panel; a booking engine's key is its
 * site; any other key is the API (the demo site books with an ordinary key, so it counts as the
 * API); neither is a tool.
 */
export async function bookingDoorOf(db: Db, event: Pick<StoredEvent, "actorApiKeyId" | "actorStaffUserId">): Promise<BookingDoor> {
  if (event.actorStaffUserId) return "panel";
  const keyId = event.actorApiKeyId;
  if (!keyId) return "other";
  let door = keyDoors.get(keyId);
  if (!door) {
    const engine = await db.bookingEngine.findUnique({ where: { apiKeyId: keyId }, select: { propertyId: true } });
    door = engine ? "site" : "api";
    if (keyDoors.size >= 10_000) keyDoors.clear();
    keyDoors.set(keyId, door);
  }
  return door;
}

/**
 * Counts a booking event as the worker dispatches it (once per event): bookings_total by action
 * (created, changed, cancelled) and door. Counted by the worker, off the requests' path, so a
 * booking shows in the metrics of the process that runs the worker, a moment after it was made.
 */
export async function countBookingEvent(db: Db, event: StoredBookingEvent): Promise<void> {
  appMetrics().bookings.inc({ action: ACTIONS[event.type], door: await bookingDoorOf(db, event) });
}
