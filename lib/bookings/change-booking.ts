import { systemClock, type Clock } from "@/lib/clock";
import { toDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { isLockTimeout } from "@/lib/db-errors";
import type { FieldError } from "@/lib/errors";
import type { Prisma, RatePlan } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import type { BookingView } from "@/lib/schemas/bookings";
import type { BookingActor } from "./booking-actor";
import { cancellationTermsView } from "@/lib/rate-plans/cancellation-terms-view";
import { policyOf } from "@/lib/rate-plans/rate-plan-view";
import type { CancellationPolicy, CancellationTerms } from "@/lib/schemas/rate-plans";
import type { StayRestriction } from "./booking-refusals";
import { toBookingView } from "./booking-view";
import { describeChange, planBookingChange, priceOfChange, type BookingChangeRequest, type ChangeableField, type Night } from "./plan-booking-change";
import { requestFingerprint } from "./request-fingerprint";
import { activeTraceContext } from "@/lib/tracing/trace-context";

/**
 * Changes a booking in one transaction, beside createBooking and cancelBooking; every door (the
 * API's PATCH, the guest site through it, the panel) calls it. Its invariants, beside
 * planBookingChange's (what may change, and when):
 *
 * - Atomic: the booking row is locked first, then every night it gives back or takes, in one
 *   statement, in the lock order (room type, date), so concurrent writes wait for each other
 *   and never deadlock. The nights it gives back and takes move together: the booking never
 *   holds fewer nights than it had, and no night is ever sold past its rooms (the table's
 *   CHECK constraint is the last word).
 * - The booking's own nights count as free to itself: it only needs a room on nights it does
 *   not hold yet.
 * - The price: kept nights at their booked amount, new nights at the current rate under the
 *   booking's rate plan (rate_plan_price); another plan (ratePlanId, which must be active and
 *   sold for the room type) prices every night with it. With `expectedPrice`, a change to any
 *   other total is refused.
 * - A change of dates or room type must meet the stay restrictions of what it moves
 *   (stay_restriction: closed to arrival when the check-in or room type changes, min and max
 *   stay when the nights do, closed to departure when the check-out or room type changes).
 * - The cancellation terms are worked out again (cancellation_terms, as of today) when the
 *   dates, room type or plan change: from the booking's own policy as booked, or the new plan's.
 * - Refused changes (any outcome but "changed" and "replayed") write nothing; a dry run
 *   ("quote") writes nothing either, and holds nothing once it returns.
 * - A change is recorded in the booking's history (who, each field from → to) and announced by
 *   one booking.changed event (the outbox), both in its transaction.
 * - Idempotency-Key, as for creations: one key space per property with them, serialised by the
 *   same advisory lock as book_stay. The same key and request replay (the booking as it stands
 *   now), another request with the key is refused, a refused change leaves no key behind.
 */
export type ChangeBookingOutcome =
  | { kind: "changed"; booking: BookingView; changed: ChangeableField[] }
  | { kind: "replayed"; booking: BookingView }
  | { kind: "quote"; booking: BookingView; changed: ChangeableField[] }
  | { kind: "unchanged"; booking: BookingView }
  | { kind: "not_found" }
  | { kind: "not_changeable"; field: ChangeableField | null; message: string }
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "unknown_room_type"; roomTypeId: string }
  | { kind: "occupancy_exceeded"; name: string; maxAdults: number }
  | { kind: "no_availability"; name: string; night: CalendarDate; reason: "closed" | "sold out" }
  | { kind: "unknown_rate_plan"; ratePlanId: string; name: string }
  | { kind: "stay_restricted"; restriction: StayRestriction }
  | { kind: "price_changed"; booking: BookingView }
  | { kind: "idempotency_key_reused" }
  | { kind: "idempotency_key_in_use" };

export type ChangeBookingOptions = {
  property: PropertyClockFacts & { id: string };
  bookingId: string;
  request: BookingChangeRequest;
  /** The total the partner showed the guest: a change to any other total is refused. */
  expectedPrice?: { amount: number; currency: string };
  /** Work out the change and its price, store nothing. */
  dryRun?: boolean;
  /** At most one change per key and property, and never a key a creation used. */
  idempotencyKey?: string;
  actor: BookingActor;
  clock?: Clock;
};

type Tx = Prisma.TransactionClient;

/**
 * Prisma's defaults (2 s to get a connection, 5 s in all) are shorter than the 5 s a change may
 * wait for the first request with its Idempotency-Key: that wait must end in
 * idempotency_key_in_use, not in an expired transaction.
 */
const TRANSACTION_LIMITS = { maxWait: 5_000, timeout: 15_000 };
type NightRow = { room_type_id: string; date: CalendarDate; rooms_for_sale: number; rooms_sold: number; price: number; closed: boolean };

export async function changeBooking(db: Db, options: ChangeBookingOptions): Promise<ChangeBookingOutcome> {
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(options.property, { now: () => now });
  const key = options.dryRun ? undefined : options.idempotencyKey;
  const fingerprint = requestFingerprint({ change: options.bookingId, request: options.request, expectedPrice: options.expectedPrice });
  try {
    return await db.$transaction(async (tx) => {
      if (key !== undefined) {
        const earlier = await holdIdempotencyKey(tx, options.property.id, key);
        if (earlier?.fingerprint === fingerprint) return { kind: "replayed", booking: toBookingView(await tx.booking.findUniqueOrThrow({ where: { id: earlier.bookingId } })) };
        if (earlier) return { kind: "idempotency_key_reused" };
      }
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE id = ${options.bookingId} AND property_id = ${options.property.id} FOR UPDATE`;
      if (locked.length === 0) return { kind: "not_found" };
      const stored = await tx.booking.findUniqueOrThrow({ where: { id: options.bookingId } });
      const before = toBookingView(stored);

      const plan = planBookingChange(before, options.request, today);
      if (plan.kind === "unchanged") return { kind: "unchanged", booking: before };
      if (plan.kind !== "change") return plan;

      const { after } = plan;
      const roomType = await tx.roomType.findFirst({ where: { id: after.roomTypeId, propertyId: options.property.id } });
      if (!roomType) return { kind: "unknown_room_type", roomTypeId: after.roomTypeId };
      if (after.adults > roomType.maxAdults) return { kind: "occupancy_exceeded", name: roomType.name, maxAdults: roomType.maxAdults };
      const moves = (...fields: ChangeableField[]) => fields.some((field) => plan.changed.includes(field));
      const ratePlanChanged = moves("ratePlanId");
      const ratePlan = await tx.ratePlan.findFirst({ where: { id: after.ratePlanId, propertyId: options.property.id } });
      if (ratePlanChanged || moves("roomTypeId")) {
        const sold = ratePlan && (ratePlan.roomTypeIds.length === 0 || ratePlan.roomTypeIds.includes(after.roomTypeId));
        if (!sold || (ratePlanChanged && !ratePlan.active)) return { kind: "unknown_rate_plan", ratePlanId: after.ratePlanId, name: roomType.name };
      }
      const stayChanged = moves("checkin", "checkout", "roomTypeId");
      if (stayChanged) {
        const [{ restriction }] = await tx.$queryRaw<[{ restriction: StayRestriction | null }]>`
          SELECT stay_restriction(${after.roomTypeId}, ${after.checkin}::date, ${after.checkout}::date,
            ${moves("checkin", "roomTypeId")}, ${moves("checkin", "checkout", "roomTypeId")}, ${moves("checkout", "roomTypeId")}) AS restriction`;
        if (restriction) return { kind: "stay_restricted", restriction };
      }
      const rule = ratePlan!;

      const moving = [...plan.released, ...plan.taken];
      const rows = moving.length === 0 ? [] : await lockNights(tx, moving, rule);
      const row = (night: Night) => rows.find((r) => r.room_type_id === night.roomTypeId && r.date === night.date);
      // Taken nights are all of the new room type, in date order: the first refused is the first night.
      for (const night of plan.taken) {
        const found = row(night);
        if (!found || found.closed) return { kind: "no_availability", name: roomType.name, night: night.date, reason: "closed" };
        if (found.rooms_sold >= found.rooms_for_sale) return { kind: "no_availability", name: roomType.name, night: night.date, reason: "sold out" };
      }

      const rates = new Map(plan.taken.map((night) => [night.date, row(night)!.price]));
      if (ratePlanChanged) for (const [date, price] of await keptNightPrices(tx, plan.kept, rule)) rates.set(date, price);
      const { nightly, total } = priceOfChange(plan, rates, { repriceKept: ratePlanChanged });
      const currency = before.price.currency;
      const policy = ratePlanChanged ? policyOf(rule) : (stored.cancellationPolicy as CancellationPolicy);
      const cancellation =
        stayChanged || ratePlanChanged ? await cancellationTermsOf(tx, { policy, checkin: after.checkin, today, timezone: options.property.timezone, nightly, total, currency }) : before.cancellation;
      const booking: BookingView = {
        ...before,
        checkin: after.checkin,
        checkout: after.checkout,
        nights: after.nights,
        roomTypeId: after.roomTypeId,
        adults: after.adults,
        guest: after.guest,
        externalReference: after.externalReference,
        price: { amount: total, currency },
        nightly,
        ratePlan: ratePlanChanged ? { id: rule.id, name: rule.name } : before.ratePlan,
        cancellation,
        // A preview changes nothing: it keeps the stored updatedAt.
        updatedAt: options.dryRun ? before.updatedAt : now.toISOString(),
      };
      if (options.expectedPrice && (options.expectedPrice.amount !== total || options.expectedPrice.currency !== before.price.currency)) {
        return { kind: "price_changed", booking };
      }
      if (options.dryRun) return { kind: "quote", booking, changed: plan.changed };

      await moveNights(tx, plan.released, -1);
      await moveNights(tx, plan.taken, +1);
      await tx.booking.update({
        where: { id: before.id },
        data: {
          checkin: toDbDate(after.checkin),
          checkout: toDbDate(after.checkout),
          roomTypeId: after.roomTypeId,
          adults: after.adults,
          guestFirstName: after.guest.firstName,
          guestLastName: after.guest.lastName,
          guestEmail: after.guest.email,
          guestLanguage: after.guest.language ?? null,
          externalReference: after.externalReference,
          totalAmount: total,
          nightlyPrices: nightly,
          ratePlanId: booking.ratePlan.id,
          ratePlanName: booking.ratePlan.name,
          cancellationPolicy: policy,
          freeUntil: cancellation.freeUntil === null ? null : toDbDate(cancellation.freeUntil),
          feeFrom: cancellation.feeFrom === null ? null : new Date(cancellation.feeFrom),
          feeAmount: cancellation.fee.amount,
          updatedAt: now,
        },
      });
      await recordChange(tx, { propertyId: options.property.id, before, after: booking, actor: options.actor, idempotencyKey: key, fingerprint, now });
      return { kind: "changed", booking, changed: plan.changed };
    }, TRANSACTION_LIMITS);
  } catch (error) {
    if (isLockTimeout(error)) return { kind: "idempotency_key_in_use" };
    throw error;
  }
}

/**
 * Takes the key's advisory lock (book_stay's: one key space per property), waiting at most 5 s
 * for a request that holds it, and says what the key was used for before, if anything: a
 * change (its booking and request) or a creation (never replayable as a change).
 */
async function holdIdempotencyKey(tx: Tx, propertyId: string, key: string): Promise<{ bookingId: string; fingerprint: string | null } | null> {
  await tx.$executeRaw`SELECT set_config('lock_timeout', '5s', true)`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${propertyId}:${key}`}, 0))`;
  await tx.$executeRaw`SELECT set_config('lock_timeout', '0', true)`;
  const change = await tx.bookingHistoryEntry.findUnique({ where: { propertyId_idempotencyKey: { propertyId, idempotencyKey: key } } });
  if (change) return { bookingId: change.bookingId, fingerprint: change.requestFingerprint };
  const creation = await tx.booking.findUnique({ where: { propertyId_idempotencyKey: { propertyId, idempotencyKey: key } }, select: { id: true } });
  return creation ? { bookingId: creation.id, fingerprint: null } : null;
}

/** The change in the booking's history and its booking.changed event (the outbox), with its dispatch job. */
async function recordChange(
  tx: Tx,
  change: { propertyId: string; before: BookingView; after: BookingView; actor: BookingActor; idempotencyKey?: string; fingerprint: string; now: Date },
): Promise<void> {
  const { previous, current } = describeChange(change.before, change.after);
  await tx.bookingHistoryEntry.create({
    data: {
      id: newId("bkh"),
      propertyId: change.propertyId,
      bookingId: change.after.id,
      kind: "changed",
      apiKeyId: change.actor.apiKeyId ?? null,
      staffUserId: change.actor.staffId ?? null,
      actorLabel: change.actor.label,
      previous,
      current,
      idempotencyKey: change.idempotencyKey ?? null,
      requestFingerprint: change.idempotencyKey === undefined ? null : change.fingerprint,
      createdAt: change.now,
    },
  });
  const eventId = newId("evt");
  await tx.event.create({
    data: {
      id: eventId,
      propertyId: change.propertyId,
      type: "booking.changed",
      bookingId: change.after.id,
      data: { booking: change.after, previous },
      createdAt: change.now,
      actorApiKeyId: change.actor.apiKeyId ?? null,
      actorStaffUserId: change.actor.staffId ?? null,
      traceContext: activeTraceContext(),
    },
  });
  await tx.$executeRaw`SELECT queue_event_dispatch(${eventId}, ${change.propertyId})`;
}

/** The booking's policy applied to its stay as of today (the SQL functions book_stay and availability use). */
async function cancellationTermsOf(
  tx: Tx,
  stay: { policy: CancellationPolicy; checkin: CalendarDate; today: CalendarDate; timezone: string; nightly: { amount: number }[]; total: number; currency: string },
): Promise<CancellationTerms> {
  const { policy } = stay;
  const daysBefore = policy.type === "free_until" ? policy.daysBefore : null;
  const fee = policy.type === "free_until" ? policy.fee : null;
  const [{ terms }] = await tx.$queryRaw<[{ terms: CancellationTerms }]>`
    SELECT cancellation_terms(t.free_until, cancellation_fee_from(t.free_until, ${stay.checkin}::date, ${stay.timezone}),
      cancellation_fee_amount(cancellation_fee_kind(${policy.type}, ${fee}, t.free_until, ${stay.checkin}::date), ${stay.nightly[0]!.amount}::bigint, ${stay.total}::bigint),
      ${stay.currency}) AS terms
    FROM (SELECT free_cancellation_until(${policy.type}, ${daysBefore}::int, ${stay.checkin}::date, ${stay.today}::date) AS free_until) t`;
  return cancellationTermsView(terms);
}

type PriceRuleColumns = Pick<RatePlan, "pricePercent" | "priceAmount">;

/** The nights the booking keeps, priced now under another plan (read, not locked: the booking already holds them). */
async function keptNightPrices(tx: Tx, nights: Night[], rule: PriceRuleColumns): Promise<[CalendarDate, number][]> {
  if (nights.length === 0) return [];
  const rows = await tx.$queryRaw<{ date: CalendarDate; price: number }[]>`
    SELECT to_char(n.date, 'YYYY-MM-DD') AS date, rate_plan_price(n.price, ${rule.pricePercent}::int, ${rule.priceAmount}::int) AS price
    FROM room_nights n
    JOIN unnest(${nights.map((night) => night.roomTypeId)}::text[], ${nights.map((night) => night.date)}::date[]) AS kept(room_type_id, date)
      ON kept.room_type_id = n.room_type_id AND kept.date = n.date`;
  return rows.map((r) => [r.date, r.price]);
}

/** Locks the nights' rows in one statement, in the lock order (room type, date), each priced under the plan's rule. Missing nights have no row. */
function lockNights(tx: Tx, nights: Night[], rule: PriceRuleColumns): Promise<NightRow[]> {
  const types = nights.map((night) => night.roomTypeId);
  const dates = nights.map((night) => night.date);
  return tx.$queryRaw<NightRow[]>`
    SELECT n.room_type_id, to_char(n.date, 'YYYY-MM-DD') AS date, n.rooms_for_sale, n.rooms_sold,
           rate_plan_price(n.price, ${rule.pricePercent}::int, ${rule.priceAmount}::int) AS price, n.closed
    FROM room_nights n
    JOIN unnest(${types}::text[], ${dates}::date[]) AS wanted(room_type_id, date) ON wanted.room_type_id = n.room_type_id AND wanted.date = n.date
    ORDER BY n.room_type_id, n.date
    FOR UPDATE OF n`;
}

/** Gives back (-1) or takes (+1) one room on each night. */
async function moveNights(tx: Tx, nights: Night[], by: 1 | -1): Promise<void> {
  if (nights.length === 0) return;
  const types = nights.map((night) => night.roomTypeId);
  const dates = nights.map((night) => night.date);
  await tx.$executeRaw`
    UPDATE room_nights n SET rooms_sold = n.rooms_sold + ${by}, updated_at = now()
    FROM unnest(${types}::text[], ${dates}::date[]) AS moved(room_type_id, date)
    WHERE n.room_type_id = moved.room_type_id AND n.date = moved.date`;
}
