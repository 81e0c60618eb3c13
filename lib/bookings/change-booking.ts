import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { isLockTimeout } from "@/lib/db-errors";
import { newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { activeTraceContext } from "@/lib/trace-context";
import { bookingExtrasPerNight, fromBookingRow, stayOf, type Booking } from "./booking";
import type { BookingActor } from "./booking-actor";
import type { ChangeOutcome } from "./booking-outcome";
import { toBookingView } from "./booking-view";
import { describeChange, planBookingChange, priceOfChange, type BookingChangeRequest, type ChangeableField } from "./plan-booking-change";
import { requestFingerprint } from "./request-fingerprint";
import { checkStay, holdIdempotencyKey, holdNights, moveNights, nightPrices, recordBookingEvent, recordBookingHistory, stayCancellationTerms, writeBooking, type Nights } from "./write-steps";

/**
 * Changes a booking in one transaction, beside createBooking and cancelBooking, with the same
 * write rules (lib/bookings/sql, called through write-steps.ts); every door (the API's PATCH, the
 * guest site through it, the panel) calls it. Its invariants, beside planBookingChange's (what
 * may change, and when):
 *
 * - Atomic: the booking row is locked first, then every night it gives back or takes, in one
 *   statement, in the lock order (hold_nights), so concurrent writes wait for each other and
 *   never deadlock. The nights it gives back and takes move together: the booking never holds
 *   fewer nights than it had, and no night is ever sold past its rooms (the table's CHECK
 *   constraint is the last word).
 * - The booking's own nights count as free to itself: it only needs a room on nights it does
 *   not hold yet.
 * - The stay's rules (check_stay): the room type and its capacity for the party always; the rate
 *   plan when the plan changes (active and sold for the room type) or the room type does (sold
 *   for it); the stay restrictions of what it moves (closed to arrival when the check-in or room
 *   type changes, min and max stay when the nights do, closed to departure when the check-out or
 *   room type changes).
 * - The price: kept nights at their booked amount, new nights at the current rate under the
 *   booking's rate plan (night_prices) with the booking's extras; another plan prices every
 *   night with it. A new party or room type takes the room type's extras for the party as they
 *   are today (check_stay); when they add another amount a night than the booking's, every
 *   night is priced again (at today's rate).
 *   With `expectedPrice`, a change to any other total is refused.
 * - The cancellation terms are worked out again (stay_cancellation_terms, as of today) when the
 *   dates, room type or plan change, or every night is priced again: from the booking's own policy as booked, or the new plan's.
 * - A refusal writes nothing; a dry run ("quote") writes nothing either, and holds nothing once
 *   it returns.
 * - A change is recorded in the booking's history (who, each field from → to) and announced by
 *   one booking.changed event (the outbox), both in its transaction.
 * - Idempotency-Key, as for creations: one key space per property (hold_idempotency_key). The
 *   same key and request replay (the booking as it stands now), another request with the key is
 *   refused, a refused change leaves no key behind.
 */
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

/**
 * Prisma's defaults (2 s to get a connection, 5 s in all) are shorter than the 5 s a change may
 * wait for the first request with its Idempotency-Key: that wait must end in
 * idempotency_key_in_use, not in an expired transaction.
 */
const TRANSACTION_LIMITS = { maxWait: 5_000, timeout: 15_000 };

export async function changeBooking(db: Db, options: ChangeBookingOptions): Promise<ChangeOutcome> {
  const { property, bookingId, actor } = options;
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(property, { now: () => now });
  const key = options.dryRun ? undefined : options.idempotencyKey;
  const fingerprint = requestFingerprint({ change: bookingId, request: options.request, expectedPrice: options.expectedPrice });
  try {
    return await db.$transaction(async (tx): Promise<ChangeOutcome> => {
      if (key !== undefined) {
        const earlier = await holdIdempotencyKey(tx, property.id, key);
        if (earlier?.usedBy === "change" && earlier.fingerprint === fingerprint) {
          return { kind: "replayed", booking: toBookingView(fromBookingRow(await tx.booking.findUniqueOrThrow({ where: { id: earlier.bookingId } }))) };
        }
        if (earlier) return { kind: "idempotency_key_reused" };
      }
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE id = ${bookingId} AND property_id = ${property.id} FOR UPDATE`;
      if (locked.length === 0) return { kind: "not_found", bookingId };
      const before = fromBookingRow(await tx.booking.findUniqueOrThrow({ where: { id: bookingId } }));
      const beforeView = toBookingView(before);

      const plan = planBookingChange(beforeView, options.request, today);
      if (plan.kind === "unchanged") return { kind: "unchanged", booking: beforeView };
      if (plan.kind !== "change") return plan;
      const { after } = plan;
      const moves = (...fields: ChangeableField[]) => fields.some((field) => plan.changed.includes(field));
      const ratePlanChanged = moves("ratePlanId");
      const stayChanged = moves("checkin", "checkout", "roomTypeId");

      const check = await checkStay(
        tx,
        { ...after, party: { adults: after.adults, childrenAges: after.childrenAges }, propertyId: property.id, planRule: ratePlanChanged ? "sell" : moves("roomTypeId") ? "sold" : "any" },
        { arrival: moves("checkin", "roomTypeId"), length: stayChanged, departure: moves("checkout", "roomTypeId") },
      );
      if (check.kind !== "ok") return check;
      const given: Nights = { roomTypeId: before.roomTypeId, dates: plan.released.map((night) => night.date) };
      const taken: Nights = { roomTypeId: after.roomTypeId, dates: plan.taken.map((night) => night.date) };
      if (given.dates.length + taken.dates.length > 0) {
        const refused = await holdNights(tx, taken, given);
        if (refused) return { kind: "no_availability", name: check.roomTypeName, ...refused };
      }

      // The booking keeps its extras as booked until its party or room type changes.
      const extras = moves("adults", "childrenAges", "roomTypeId") ? check.extras : before.extras;
      const repriceKept = ratePlanChanged || bookingExtrasPerNight(extras) !== bookingExtrasPerNight(before.extras);
      const priced = await nightPrices(tx, { roomTypeId: after.roomTypeId, dates: [...(repriceKept ? plan.kept.map((night) => night.date) : []), ...taken.dates] }, check.plan, extras);
      const { nightly, total } = priceOfChange(plan, new Map(priced.map((night) => [night.date, night.amount])), { repriceKept });
      const currency = before.price.currency;
      const cancellationPolicy = ratePlanChanged ? check.plan.policy : before.cancellationPolicy;
      const cancellation =
        stayChanged || ratePlanChanged || repriceKept ? await stayCancellationTerms(tx, { policy: cancellationPolicy, checkin: after.checkin, today, timezone: property.timezone, nightly, currency }) : before.cancellation;
      const changed: Booking = {
        ...before,
        roomTypeId: after.roomTypeId,
        stay: stayOf(after.checkin, after.checkout),
        party: { adults: after.adults, childrenAges: after.childrenAges },
        guest: after.guest,
        externalReference: after.externalReference,
        price: { amount: total, currency },
        nightly,
        extras,
        ratePlan: ratePlanChanged ? { id: check.plan.id, name: check.plan.name } : before.ratePlan,
        cancellationPolicy,
        cancellation,
        // A preview changes nothing: it keeps the stored updatedAt.
        updatedAt: options.dryRun ? before.updatedAt : now.toISOString(),
      };
      const view = toBookingView(changed);
      if (options.expectedPrice && (options.expectedPrice.amount !== total || options.expectedPrice.currency !== currency)) return { kind: "price_changed", booking: view };
      if (options.dryRun) return { kind: "quote", booking: view, changed: plan.changed };

      await moveNights(tx, given, -1);
      await moveNights(tx, taken, +1);
      await writeBooking(tx, changed);
      const { previous, current } = describeChange(beforeView, view);
      await recordBookingHistory(tx, { id: newId("bkh"), kind: "changed", booking: changed, actor, previous, current, idempotencyKey: key ?? null, fingerprint: key === undefined ? null : fingerprint });
      await recordBookingEvent(tx, { id: newId("evt"), type: "booking.changed", booking: changed, data: { booking: view, previous }, actor, traceContext: activeTraceContext() });
      return { kind: "changed", booking: view, changed: plan.changed };
    }, TRANSACTION_LIMITS);
  } catch (error) {
    if (isLockTimeout(error)) return { kind: "idempotency_key_in_use" };
    throw error;
  }
}

