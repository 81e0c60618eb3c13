import { systemClock, type Clock } from "@/lib/clock";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { isLockTimeout, isUniqueViolation } from "@/lib/db-errors";
import { newBookingReference, newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import type { BookingView, CreateBookingInput } from "@/lib/schemas/bookings";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { activeTraceContext } from "@/lib/trace-context";
import { partySizeErrors } from "@/lib/rate-plans/party-price";
import { fromBookingRow, stayOf, type Booking, type DeskBookingDetails, type GroupPlace } from "./booking";
import { bookingSource, type BookingActor } from "./booking-actor";
import type { BookingRefusal, CreateOutcome } from "./booking-outcome";
import { toBookingView } from "./booking-view";
import type { EarlierKeyUse } from "./write-steps";
import { requestFingerprint } from "./request-fingerprint";
import { stayRuleErrors } from "./stay-rules";

export type CreateBookingOptions = {
  property: BookingProperty;
  /** ratePlanId: the offer's plan (the Standard plan when not given). */
  input: CreateBookingInput;
  /**
   * Who makes it: an API key (apiKeyActor: the booking's source is "api") or staff at the desk
   * (deskActor: "desk", naming them); a tool (the seed, a test) makes "desk" bookings naming nobody.
   */
  actor: BookingActor;
  /** Desk bookings: the guest's phone and the staff's note (part of the request an Idempotency-Key replays). */
  desk?: DeskBookingDetails;
  /** At most one booking per key and property, ever. */
  idempotencyKey?: string;
  clock?: Clock;
};

/**
 * What a booking needs of its property: its name (the reference's initials), currency, clock,
 * and whether it is a test twin (its references start TEST-: `livePropertyId`).
 */
export type BookingProperty = PropertyClockFacts & { id: string; name: string; currency: string; livePropertyId: string | null };

/** book_stay's answer (lib/bookings/sql/book_stay.sql). */
export type BookStayOutcome =
  | ({ kind: "created" } & StayPriced)
  | ({ kind: "key_used" } & EarlierKeyUse)
  | Extract<BookingRefusal, { kind: "unknown_room_type" | "occupancy_exceeded" | "unknown_rate_plan" | "stay_restricted" | "no_availability" }>;

/** The booking as one statement: the SQL function book_stay. $1: its parameters as JSON. */
export const BOOK_STAY: HotStatement = { name: "book_stay", text: "SELECT book_stay($1::jsonb) AS outcome" };

/**
 * The booking a request would make (ids and reference drawn now, times from `now`; its price,
 * plan and terms filled in by book_stay) and book_stay's parameter. Shared with the benchmark's
 * ceiling route, so that both run the very same statement.
 */
export function bookStayCall(options: {
  property: BookingProperty;
  input: CreateBookingInput;
  actor: BookingActor;
  desk?: DeskBookingDetails;
  idempotencyKey?: string;
  fingerprint: string;
  /** When the booking is made (its createdAt and its event's); now when not given. */
  now?: Date;
}): { booking: Booking; parameters: [string] } {
  const { property, input, actor } = options;
  const now = (options.now ?? new Date()).toISOString();
  const booking = draftBooking({ ...options, now, group: null });
  const view = toBookingView(booking);
  const parameter = {
    booking,
    view,
    // The plan named, or null: the property's Standard plan.
    ratePlanId: input.ratePlanId ?? null,
    today: propertyToday(property, { now: () => new Date(now) }),
    timezone: property.timezone,
    eventId: newId("evt"),
    actor,
    // The request's trace, when tracing is on, kept with the outbox event (lib/tracing).
    traceContext: activeTraceContext(),
  };
  return { booking, parameters: [JSON.stringify(parameter)] };
}

/**
 * A new booking as a request asks for it, before the write rules price it: its id and reference
 * drawn now, confirmed, made `now`; its price, plan and terms are placeholders that book_stay
 * (or book_group, for a group's room) fills in.
 */
export function draftBooking(options: {
  property: BookingProperty;
  input: CreateBookingInput;
  actor: BookingActor;
  desk?: DeskBookingDetails;
  idempotencyKey?: string;
  fingerprint: string | null;
  /** An ISO instant: its createdAt and updatedAt. */
  now: string;
  group: GroupPlace | null;
}): Booking {
  const { property, input, actor, now } = options;
  return {
    id: newId("bk"),
    reference: newBookingReference(property.name, propertyMode(property)),
    propertyId: property.id,
    status: "confirmed",
    source: bookingSource(actor),
    roomTypeId: input.roomTypeId,
    stay: stayOf(input.checkin, input.checkout),
    party: { adults: input.adults, childrenAges: input.childrenAges ?? [] },
    guest: { firstName: input.guest.firstName, lastName: input.guest.lastName, email: input.guest.email, ...(input.guest.language ? { language: input.guest.language } : {}) },
    externalReference: input.externalReference ?? null,
    // Filled in by the write rules: the price, the plan (the Standard plan when none is named) and its terms.
    price: { amount: 0, currency: property.currency },
    nightly: [],
    extras: [],
    ratePlan: { id: input.ratePlanId ?? "", name: "" },
    cancellationPolicy: { type: "non_refundable" },
    cancellation: { refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 0, currency: property.currency } },
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    cancellationReason: null,
    cancellationFee: null,
    apiKeyId: actor.apiKeyId ?? null,
    staffUserId: actor.staffId ?? null,
    desk: { guestPhone: options.desk?.guestPhone ?? null, staffNote: options.desk?.staffNote ?? null },
    idempotencyKey: options.idempotencyKey ?? null,
    requestFingerprint: options.fingerprint,
    group: options.group,
    anonymisedAt: null,
  };
}

/** The booking as the API shows it once book_stay made it: bookStayCall's booking with the price, plan and terms it fixed. */
export function bookedView(booking: Booking, outcome: StayPriced): BookingView {
  return toBookingView(pricedBooking(booking, outcome));
}

/** What the write rules fixed of a new booking's price, plan and terms (price_stay.sql). */
export type StayPriced = Pick<Booking, "price" | "nightly" | "extras" | "ratePlan" | "cancellationPolicy" | "cancellation">;

/** A drafted booking with the price, plan and terms the write rules fixed. */
export function pricedBooking(booking: Booking, priced: StayPriced): Booking {
  const { price, nightly, extras, ratePlan, cancellationPolicy, cancellation } = priced;
  return { ...booking, price, nightly, extras, ratePlan, cancellationPolicy, cancellation };
}

/**
 * Books a room type for a stay. Never overbooks, never books twice for one Idempotency-Key.
 * All of it is one statement, so one round trip and one transaction: book_stay, built from the
 * write rules of lib/bookings/sql (docs/database.md):
 *
 * - Requests with the same key are serialised by its advisory lock (hold_idempotency_key, which
 *   changes take too: one key space): a second one waits for the first (up to 5 s: then
 *   idempotency_key_in_use) and then replays its booking; a key a change used is refused. The
 *   unique index on (property, idempotency key) is the last word. A refused request leaves no
 *   row, so its key is not remembered and a retry runs again.
 * - The stay's rules (check_stay): the room type, its capacity for the party (adults, children,
 *   both together), the rate plan (the Standard plan
 *   when none is named; active and sold for the room type) and the restrictions.
 * - The nights' rows are locked in the lock order and checked (hold_nights), then their
 *   counters moved (move_nights); the CHECK constraint refuses whatever could slip past. With k
 *   rooms left, exactly k of any number of concurrent requests succeed.
 * - Each night is priced for the party (its rate plus the extras: party_extras) by the plan's rule (night_prices) and the plan's cancellation terms
 *   fixed as of today (stay_cancellation_terms), copied into the booking: later rate or plan
 *   changes never touch them.
 * - Its booking.created event and its dispatch job are written in the same transaction; a replay
 *   writes none.
 * - Every door makes bookings here: the API (source "api", its key recorded) and the panel's desk
 *   (source "desk", the staff member recorded).
 */
export async function createBooking(db: Db, options: CreateBookingOptions): Promise<CreateOutcome> {
  const { property, input, actor, desk, idempotencyKey } = options;
  const childrenAges = input.childrenAges ?? [];
  const errors = [...stayRuleErrors(input, propertyToday(property, options.clock)), ...partySizeErrors({ adults: input.adults, childrenAges })];
  if (errors.length) return { kind: "invalid", errors };
  // An API request's fingerprint is its body's, as it always was (no children is no childrenAges,
  // as before children were taken); a desk booking's covers its phone and note too.
  const fingerprint = requestFingerprint({ ...input, childrenAges: childrenAges.length ? childrenAges : undefined, desk });

  for (let attempt = 1; ; attempt++) {
    const now = (options.clock ?? systemClock).now();
    const { booking, parameters } = bookStayCall({ property, input, actor, desk, idempotencyKey, fingerprint, now });
    let outcome: BookStayOutcome;
    try {
      const { rows } = await queryHot<{ outcome: BookStayOutcome }>(db, BOOK_STAY, parameters);
      outcome = rows[0]!.outcome;
    } catch (error) {
      if (isLockTimeout(error)) return { kind: "idempotency_key_in_use" };
      // The unique index caught a concurrent first request with this key: replay its booking.
      if (idempotencyKey && isUniqueViolation(error, "idempotency_key")) {
        const earlier = await db.booking.findUnique({ where: { propertyId_idempotencyKey: { propertyId: property.id, idempotencyKey } } });
        if (earlier) return replay({ usedBy: "creation", bookingId: earlier.id, fingerprint: earlier.requestFingerprint }, db, fingerprint);
      }
      // Two bookings drew the same short reference: draw again.
      if (attempt < 5 && isUniqueViolation(error, "reference")) continue;
      throw error;
    }
    switch (outcome.kind) {
      case "created":
        return { kind: "created", booking: bookedView(booking, outcome) };
      case "key_used":
        return replay(outcome, db, fingerprint);
      default:
        return outcome;
    }
  }
}

/** The same key again: the same request replays its booking; another request (or a key a change used) is refused. */
async function replay(earlier: EarlierKeyUse, db: Db, fingerprint: string): Promise<CreateOutcome> {
  if (earlier.usedBy === "group") return { kind: "idempotency_key_reused" };
  if (earlier.usedBy !== "creation" || earlier.fingerprint !== fingerprint) return { kind: "idempotency_key_reused", bookingId: earlier.bookingId };
  return { kind: "replayed", booking: toBookingView(fromBookingRow(await db.booking.findUniqueOrThrow({ where: { id: earlier.bookingId } }))) };
}
