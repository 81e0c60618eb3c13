import { systemClock, type Clock } from "@/lib/clock";
import { toDbDate } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { isLockTimeout, isUniqueViolation } from "@/lib/db-errors";
import { DomainError, validationFailed } from "@/lib/errors";
import type { Booking } from "@/lib/generated/prisma/client";
import { newBookingReference, newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { propertyMode } from "@/lib/test-mode/property-mode";
import type { BookingView, CreateBookingInput } from "@/lib/schemas/bookings";
import { cancellationTermsView } from "@/lib/rate-plans/cancellation-terms-view";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { CancellationTerms } from "@/lib/schemas/rate-plans";
import { KEY_IN_USE, KEY_REUSED, noAvailability, occupancyExceeded, stayRestricted, type StayRestriction } from "./booking-refusals";
import { bookingSource, type BookingActor } from "./booking-actor";
import { toBookingView } from "./booking-view";
import { requestFingerprint } from "./request-fingerprint";
import { activeTraceContext } from "@/lib/tracing/trace-context";
import { stayRuleErrors } from "./stay-rules";

/** What only a desk booking has, for the panel (never in the partner API): the guest's phone and a note for the staff. */
export type DeskBookingDetails = { guestPhone: string | null; staffNote: string | null };

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

export type CreateBookingResult = { booking: BookingView; replayed: boolean };

/** What a booking needs of its property: its name (the reference's initials), currency, clock, and whether it is a test twin (TEST- references). */
export type BookingProperty = PropertyClockFacts & { id: string; name: string; currency: string; livePropertyId: string | null };

export type BookStayOutcome =
  | { kind: "created"; total: number; nightly: { date: string; amount: number }[]; ratePlan: BookingView["ratePlan"]; cancellation: CancellationTerms }
  | { kind: "replay"; id: string }
  | { kind: "key_used_for_change"; id: string }
  | { kind: "unknown_room_type" }
  | { kind: "unknown_rate_plan"; name: string }
  | { kind: "stay_restricted"; restriction: StayRestriction }
  | { kind: "occupancy_exceeded"; name: string; maxAdults: number }
  | { kind: "no_availability"; name: string; night: string; reason: string };

/** The booking as one statement: the SQL function book_stay (lib/bookings/sql/book_stay.sql). $1: its parameters as JSON. */
export const BOOK_STAY: HotStatement = { name: "book_stay", text: "SELECT book_stay($1::jsonb) AS outcome" };

/**
 * The booking a request would make (ids and reference drawn now, times from `now`; price and nights
 * filled in by book_stay) and book_stay's parameter. Shared with the benchmark's ceiling
 * route, so that both run the very same statement.
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
}): { view: BookingView; parameters: [string] } {
  const { property, input } = options;
  const now = options.now ?? new Date();
  const booking: Booking = {
    id: newId("bk"),
    reference: newBookingReference(property.name, propertyMode(property)),
    propertyId: property.id,
    roomTypeId: input.roomTypeId,
    status: "confirmed",
    checkin: toDbDate(input.checkin),
    checkout: toDbDate(input.checkout),
    adults: input.adults,
    guestFirstName: input.guest.firstName,
    guestLastName: input.guest.lastName,
    guestEmail: input.guest.email,
    guestLanguage: input.guest.language ?? null,
    totalAmount: 0,
    currency: property.currency,
    nightlyPrices: [],
    externalReference: input.externalReference ?? null,
    apiKeyId: options.actor.apiKeyId ?? null,
    source: bookingSource(options.actor),
    staffUserId: options.actor.staffId ?? null,
    guestPhone: options.desk?.guestPhone ?? null,
    staffNote: options.desk?.staffNote ?? null,
    idempotencyKey: options.idempotencyKey ?? null,
    requestFingerprint: options.fingerprint,
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    cancellationReason: null,
    // Filled in from book_stay's outcome (bookedView): the plan and the terms it fixed.
    ratePlanId: input.ratePlanId ?? "",
    ratePlanName: "",
    cancellationPolicy: {},
    freeUntil: null,
    feeFrom: null,
    feeAmount: 0,
    cancellationFee: null,
  };
  const view = toBookingView(booking);
  const parameter = {
    propertyId: property.id,
    idempotencyKey: booking.idempotencyKey,
    roomTypeId: booking.roomTypeId,
    checkin: input.checkin,
    checkout: input.checkout,
    adults: booking.adults,
    bookingId: booking.id,
    reference: booking.reference,
    firstName: booking.guestFirstName,
    lastName: booking.guestLastName,
    email: booking.guestEmail,
    language: booking.guestLanguage,
    currency: booking.currency,
    externalReference: booking.externalReference,
    apiKeyId: booking.apiKeyId,
    source: booking.source,
    staffUserId: booking.staffUserId,
    guestPhone: booking.guestPhone,
    staffNote: booking.staffNote,
    fingerprint: options.fingerprint,
    ratePlanId: input.ratePlanId ?? null,
    today: propertyToday(property, { now: () => now }),
    timezone: property.timezone,
    now: now.toISOString(),
    eventId: newId("evt"),
    view,
    // The request's trace, when tracing is on, kept with the outbox event (lib/tracing).
    traceContext: activeTraceContext() ?? undefined,
  };
  return { view, parameters: [JSON.stringify(parameter)] };
}

/** The booking as the API shows it once book_stay made it: bookStayCall's view with the price it fixed. */
export function bookedView(view: BookingView, outcome: Extract<BookStayOutcome, { kind: "created" }>, currency: string): BookingView {
  return { ...view, price: { amount: outcome.total, currency }, nightly: outcome.nightly, ratePlan: outcome.ratePlan, cancellation: cancellationTermsView(outcome.cancellation) };
}

/**
 * Books a room type for a stay. Never overbooks, never books twice for one Idempotency-Key.
 * All of it is one statement, so one round trip and one transaction (book_stay, in SQL):
 *
 * - Requests with the same key are serialised by a transaction-scoped advisory lock (changes
 *   take it too: a key used for a change of a booking is refused here, and the other way round): a
 *   second one waits for the first (up to 5 s: then 409 idempotency_key_in_use) and then
 *   replays its booking. The unique index on (property, idempotency key) is the last word. A
 *   request that fails leaves no row, so its key is not remembered and a retry runs again.
 * - The nights' rows are locked (in date order, so two bookings cannot deadlock), checked,
 *   and their counters moved; the database's CHECK constraint refuses whatever could slip
 *   past. With k rooms left, exactly k of any number of concurrent requests succeed.
 * - The rate plan (the Standard plan when none is named) must be active and sold for the room
 *   type (else unknown_rate_plan); the stay must meet the room type's restrictions (else
 *   stay_restricted, naming the rule and date). Both are checked in the statement, with the
 *   nights locked.
 * - The price of each night is the plan's price of its rate (rate_plan_price), copied into the
 *   booking with the plan's cancellation terms (cancellation_terms): later rate or plan changes
 *   never touch them.
 * - Its booking.created event is written to the outbox, and its dispatch job queued, in the
 *   same transaction; a replay writes none.
 * - Every door makes bookings here, with the same rules, event and guest e-mail: the API (source
 *   "api", its key recorded) and the panel's desk (source "desk", the staff member recorded).
 */
export async function createBooking(db: Db, options: CreateBookingOptions): Promise<CreateBookingResult> {
  const { property, input, actor, desk, idempotencyKey } = options;
  const errors = stayRuleErrors(input, propertyToday(property, options.clock));
  if (errors.length) throw validationFailed(errors);
  // An API request's fingerprint is its body's, as it always was; a desk booking's covers its phone and note too.
  const fingerprint = requestFingerprint({ ...input, desk });

  for (let attempt = 1; ; attempt++) {
    const now = (options.clock ?? systemClock).now();
    const { view, parameters } = bookStayCall({ property, input, actor, desk, idempotencyKey, fingerprint, now });
    let outcome: BookStayOutcome;
    try {
      const { rows } = await queryHot<{ outcome: BookStayOutcome }>(db, BOOK_STAY, parameters);
      outcome = rows[0]!.outcome;
    } catch (error) {
      if (isLockTimeout(error)) {
        throw new DomainError("idempotency_key_in_use", KEY_IN_USE);
      }
      // The unique index caught a concurrent first request with this key: replay its booking.
      if (idempotencyKey && isUniqueViolation(error, "idempotency_key")) {
        const earlier = await findByIdempotencyKey(db, property.id, idempotencyKey);
        if (earlier) return replay(earlier, fingerprint);
      }
      // Two bookings drew the same short reference: draw again.
      if (attempt < 5 && isUniqueViolation(error, "reference")) continue;
      throw error;
    }
    switch (outcome.kind) {
      case "created":
        return { booking: bookedView(view, outcome, property.currency), replayed: false };
      case "replay":
        return replay(await db.booking.findUniqueOrThrow({ where: { id: outcome.id } }), fingerprint);
      case "key_used_for_change":
        throw new DomainError("idempotency_key_reused", KEY_REUSED, { bookingId: outcome.id });
      case "unknown_room_type":
        throw new DomainError("unknown_room_type", `No room type "${input.roomTypeId}" at this property.`);
      case "occupancy_exceeded":
        throw occupancyExceeded(outcome, input.adults);
      case "unknown_rate_plan":
        throw unknownRatePlan(input.ratePlanId ?? "standard", outcome.name);
      case "stay_restricted":
        throw stayRestricted(outcome.restriction);
      case "no_availability":
        throw noAvailability(outcome);
    }
  }
}

function findByIdempotencyKey(db: Db, propertyId: string, idempotencyKey: string) {
  return db.booking.findUnique({ where: { propertyId_idempotencyKey: { propertyId, idempotencyKey } } });
}

function replay(booking: Booking, fingerprint: string): CreateBookingResult {
  if (booking.requestFingerprint !== fingerprint) {
    throw new DomainError("idempotency_key_reused", KEY_REUSED, { bookingId: booking.id });
  }
  return { booking: toBookingView(booking), replayed: true };
}

