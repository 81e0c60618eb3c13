import { systemClock, type Clock } from "@/lib/clock";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { isLockTimeout, isUniqueViolation } from "@/lib/db-errors";
import { newBookingReference, newId } from "@/lib/ids";
import { propertyToday } from "@/lib/properties/property-today";
import { partySizeErrors } from "@/lib/rate-plans/party-price";
import type { CreateBookingGroupInput } from "@/lib/schemas/booking-groups";
import type { CreateBookingInput } from "@/lib/schemas/bookings";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { activeTraceContext } from "@/lib/trace-context";
import { stayOf, type Booking, type DeskBookingDetails } from "./booking";
import { bookingSource, type BookingActor } from "./booking-actor";
import { toBookingGroupView, type BookingGroup } from "./booking-group";
import type { BookingRefusal, GroupCreateOutcome } from "./booking-outcome";
import { toBookingView } from "./booking-view";
import { draftBooking, pricedBooking, type BookingProperty, type StayPriced } from "./create-booking";
import { loadBookingGroup } from "./find-booking-groups";
import { requestFingerprint } from "./request-fingerprint";
import { stayRuleErrors } from "./stay-rules";
import type { EarlierKeyUse } from "./write-steps";

/** book_group's answer (lib/bookings/sql/book_group.sql). */
export type BookGroupOutcome =
  | { kind: "created"; rooms: StayPriced[] }
  | ({ kind: "key_used" } & EarlierKeyUse)
  | (Extract<BookingRefusal, { kind: "unknown_room_type" | "occupancy_exceeded" | "unknown_rate_plan" | "stay_restricted" | "no_availability" }> & { room: number });

/** The group as one statement: the SQL function book_group. $1: its parameters as JSON. */
export const BOOK_GROUP: HotStatement = { name: "book_group", text: "SELECT book_group($1::jsonb) AS outcome" };

export type CreateBookingGroupOptions = {
  property: BookingProperty;
  input: CreateBookingGroupInput;
  /** Who books: an API key, or staff at the desk (as for a booking). */
  actor: BookingActor;
  /** Desk groups: the booker's phone and the staff's note, kept on every room. */
  desk?: DeskBookingDetails;
  /** One key space with bookings and changes: at most one group (or booking, or change) per key and property. */
  idempotencyKey?: string;
  clock?: Clock;
};

/** A room of the group as the booking request it would be alone: the group's stay and reference, the room's party, plan and guest (the booker unless named). */
function roomRequest(input: CreateBookingGroupInput, index: number): CreateBookingInput {
  const room = input.rooms[index]!;
  return {
    roomTypeId: room.roomTypeId,
    checkin: input.checkin,
    checkout: input.checkout,
    adults: room.adults,
    childrenAges: room.childrenAges ?? [],
    guest: room.guest ?? input.booker,
    externalReference: input.externalReference,
    ratePlanId: room.ratePlanId,
  };
}

/**
 * Books several rooms for one stay at once: every room or none. Each room is a booking with its
 * own party, plan and guest, and obeys every rule of a single booking; the group is one
 * statement and one transaction, book_group, built from the very write rules of book_stay
 * (lib/bookings/sql; docs/database.md):
 *
 * - One Idempotency-Key space with bookings and changes (hold_idempotency_key): the same request
 *   again replays the group, another request with the key (or a key a booking used) is refused.
 * - Every room is checked against the property (check_stay) in the request's order; the first
 *   refused room is named (`room`, its index) and nothing is written.
 * - The nights are locked in the lock order every write uses (room type, then date), each room
 *   type once for all the group's rooms of it, and each night must have as many rooms free as
 *   the group takes of the type: racing groups and single bookings never oversell a night, and
 *   a group refused holds nothing.
 * - Then the group's row, the nights taken, each room priced for its party (price_stay), written
 *   with its group and place (write_booking) and its booking.created event (record_booking_event),
 *   all in that one transaction.
 */
export async function createBookingGroup(db: Db, options: CreateBookingGroupOptions): Promise<GroupCreateOutcome> {
  const { property, input, actor, desk, idempotencyKey } = options;
  const errors = [
    ...stayRuleErrors(input, propertyToday(property, options.clock)),
    ...input.rooms.flatMap((room, index) =>
      partySizeErrors({ adults: room.adults, childrenAges: room.childrenAges ?? [] }).map((error) => ({ ...error, field: `rooms.${index}.${error.field}` })),
    ),
  ];
  if (errors.length) return { kind: "invalid", errors };
  // No children is the same request as childrenAges: [], as for a booking.
  const rooms = input.rooms.map((room) => ({ ...room, childrenAges: room.childrenAges?.length ? room.childrenAges : undefined }));
  const fingerprint = requestFingerprint({ group: { ...input, rooms }, desk });

  for (let attempt = 1; ; attempt++) {
    const now = (options.clock ?? systemClock).now();
    const { group, bookings, parameters } = bookGroupCall({ property, input, actor, desk, idempotencyKey, fingerprint, now });
    let outcome: BookGroupOutcome;
    try {
      const { rows } = await queryHot<{ outcome: BookGroupOutcome }>(db, BOOK_GROUP, parameters);
      outcome = rows[0]!.outcome;
    } catch (error) {
      if (isLockTimeout(error)) return { kind: "idempotency_key_in_use" };
      // The unique index caught a concurrent first request with this key: replay its group.
      if (idempotencyKey && isUniqueViolation(error, "idempotency_key")) {
        const earlier = await db.bookingGroup.findUnique({ where: { propertyId_idempotencyKey: { propertyId: property.id, idempotencyKey } } });
        if (earlier) return replay({ usedBy: "group", groupId: earlier.id, fingerprint: earlier.requestFingerprint }, db, property.id, fingerprint);
      }
      // A room or the group drew a reference already taken: draw again.
      if (attempt < 5 && isUniqueViolation(error, "reference")) continue;
      throw error;
    }
    switch (outcome.kind) {
      case "created":
        return { kind: "created", group: bookedGroupView(group, bookings, outcome.rooms) };
      case "key_used":
        return replay(outcome, db, property.id, fingerprint);
      default:
        return outcome;
    }
  }
}

/**
 * The group a request would make (ids and references drawn now) and book_group's parameter.
 * Shared with the benchmark's ceiling route, so that both run the very same statement.
 */
export function bookGroupCall(options: {
  property: BookingProperty;
  input: CreateBookingGroupInput;
  actor: BookingActor;
  desk?: DeskBookingDetails;
  idempotencyKey?: string;
  fingerprint: string;
  now: Date;
}): { group: BookingGroup; bookings: Booking[]; parameters: [string] } {
  const { property, input, actor, desk } = options;
  const now = options.now.toISOString();
  const group: BookingGroup = {
    id: newId("grp"),
    reference: newBookingReference(property.name, propertyMode(property)),
    propertyId: property.id,
    booker: input.booker,
    stay: stayOf(input.checkin, input.checkout),
    externalReference: input.externalReference ?? null,
    source: bookingSource(actor),
    apiKeyId: actor.apiKeyId ?? null,
    staffUserId: actor.staffId ?? null,
    idempotencyKey: options.idempotencyKey ?? null,
    requestFingerprint: options.fingerprint,
    createdAt: now,
  };
  const bookings = input.rooms.map((_, room) =>
    draftBooking({ property, input: roomRequest(input, room), actor, desk, fingerprint: null, now, group: { id: group.id, room } }),
  );
  const parameter = {
    group: { ...group, checkin: group.stay.checkin, checkout: group.stay.checkout },
    rooms: bookings.map((booking, room) => ({
      booking,
      view: toBookingView(booking),
      // The plan named, or null: the property's Standard plan.
      ratePlanId: input.rooms[room]!.ratePlanId ?? null,
      eventId: newId("evt"),
    })),
    today: propertyToday(property, { now: () => options.now }),
    timezone: property.timezone,
    actor,
    traceContext: activeTraceContext(),
  };
  return { group, bookings, parameters: [JSON.stringify(parameter)] };
}

/** The group as the API shows it once book_group made it: bookGroupCall's group and rooms with the prices, plans and terms it fixed. */
export function bookedGroupView(group: BookingGroup, bookings: Booking[], priced: StayPriced[]) {
  return toBookingGroupView(group, bookings.map((booking, room) => pricedBooking(booking, priced[room]!)));
}

/** The same key again: the same request replays its group; another request (or a key a booking or change used) is refused. */
async function replay(earlier: EarlierKeyUse, db: Db, propertyId: string, fingerprint: string): Promise<GroupCreateOutcome> {
  if (earlier.usedBy !== "group") return { kind: "idempotency_key_reused", bookingId: earlier.bookingId };
  if (earlier.fingerprint !== fingerprint) return { kind: "idempotency_key_reused" };
  const loaded = await loadBookingGroup(db, propertyId, earlier.groupId);
  if (!loaded) return { kind: "group_not_found", groupId: earlier.groupId };
  return { kind: "replayed", group: toBookingGroupView(loaded.group, loaded.rooms) };
}
