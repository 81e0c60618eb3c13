import type { Clock } from "@/lib/clock";
import { fromDbDate, nightsOfStay, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { isLockTimeout, isUniqueViolation } from "@/lib/db-errors";
import { DomainError, validationFailed } from "@/lib/errors";
import { recordBookingEvent } from "@/lib/events/record-booking-event";
import type { Booking } from "@/lib/generated/prisma/client";
import { newBookingReference, newId } from "@/lib/ids";
import { propertyToday } from "@/lib/properties/property-today";
import type { BookingView, CreateBookingInput } from "@/lib/schemas/bookings";
import { toBookingView } from "./booking-view";
import { requestFingerprint } from "./request-fingerprint";
import { stayRuleErrors } from "./stay-rules";

export type CreateBookingOptions = {
  property: { id: string; name: string; timezone: string; currency: string };
  input: CreateBookingInput;
  /** The API key making the booking (null when made elsewhere). */
  apiKeyId: string | null;
  /** At most one booking per key and property, ever. */
  idempotencyKey?: string;
  clock?: Clock;
};

export type CreateBookingResult = { booking: BookingView; replayed: boolean };

/** How long a request waits for another one with the same Idempotency-Key to finish. */
const IDEMPOTENCY_WAIT = "5s";

type NightRow = { date: Date; rooms_for_sale: number; rooms_sold: number; price: number; closed: boolean };

/**
 * Books a room type for a stay. Never overbooks, never books twice for one Idempotency-Key:
 *
 * - The nights' rows are locked (in date order, so two bookings cannot deadlock), checked,
 *   and their counters moved in one transaction; the database's CHECK constraint refuses
 *   whatever could slip past. With k rooms left, exactly k of any number of concurrent
 *   requests succeed.
 * - Requests with the same key are serialised by a transaction-scoped advisory lock: a
 *   second one waits for the first (up to 5 s) and then replays its booking. The unique index
 *   on (property, idempotency key) is the last word. A request that fails leaves no row, so
 *   its key is not remembered and a retry runs again.
 * - The price of each night is copied into the booking: later rate changes never touch it.
 * - Its booking.created event is written to the outbox in the same transaction; a replay
 *   writes none.
 */
export async function createBooking(db: Db, options: CreateBookingOptions): Promise<CreateBookingResult> {
  const { property, input, idempotencyKey } = options;
  const errors = stayRuleErrors(input, propertyToday(property, options.clock));
  if (errors.length) throw validationFailed(errors);
  const fingerprint = requestFingerprint(input);
  const checkin = toDbDate(input.checkin);
  const checkout = toDbDate(input.checkout);

  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.$transaction(
        async (tx) => {
          if (idempotencyKey) {
            await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${IDEMPOTENCY_WAIT}'`);
            try {
              await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${property.id}:${idempotencyKey}`}, 0))`;
            } catch (error) {
              if (isLockTimeout(error)) {
                throw new DomainError("idempotency_key_in_use", "A request with this Idempotency-Key is still being processed. Retry in a moment.");
              }
              throw error;
            }
          }
          // One round trip: an earlier booking with this key (replayed, whatever the room type),
          // the room type, and lock_timeout back to the default for the rows below.
          const [found] = await tx.$queryRaw<{ existing_id: string | null; id: string | null; name: string | null; max_adults: number | null }[]>`
            SELECT (SELECT b.id FROM bookings b WHERE b.property_id = ${property.id} AND b.idempotency_key = ${idempotencyKey ?? null}) AS existing_id,
                   rt.id, rt.name, rt.max_adults, set_config('lock_timeout', '0', true) AS reset
            FROM (SELECT 1) AS one
            LEFT JOIN room_types rt ON rt.id = ${input.roomTypeId} AND rt.property_id = ${property.id}`;
          if (found?.existing_id) return { kind: "replay" as const, existingId: found.existing_id };
          if (!found?.id) throw new DomainError("unknown_room_type", `No room type "${input.roomTypeId}" at this property.`);
          if (input.adults > found.max_adults!) {
            throw new DomainError("occupancy_exceeded", `${found.name} takes at most ${found.max_adults} adult(s); ${input.adults} requested.`, {
              maxAdults: found.max_adults,
            });
          }

          const nights = await tx.$queryRaw<NightRow[]>`
            SELECT date, rooms_for_sale, rooms_sold, price, closed FROM room_nights
            WHERE room_type_id = ${found.id} AND date >= ${checkin}::date AND date < ${checkout}::date
            ORDER BY date FOR UPDATE`;
          const byDate = new Map(nights.map((n) => [fromDbDate(n.date), n]));
          for (const date of nightsOfStay(input.checkin, input.checkout)) {
            const night = byDate.get(date);
            if (!night || night.closed || night.rooms_sold >= night.rooms_for_sale) {
              throw new DomainError("no_availability", `${found.name} is not available on the night of ${date}: ${!night || night.closed ? "closed" : "sold out"}.`, {
                night: date,
              });
            }
          }
          await tx.$executeRaw`
            UPDATE room_nights SET rooms_sold = rooms_sold + 1, updated_at = now()
            WHERE room_type_id = ${found.id} AND date >= ${checkin}::date AND date < ${checkout}::date`;

          const nightly = nights.map((n) => ({ date: fromDbDate(n.date), amount: n.price }));
          const now = new Date();
          const booking = {
            id: newId("bk"),
            reference: newBookingReference(property.name),
            propertyId: property.id,
            roomTypeId: found.id,
            status: "confirmed" as const,
            checkin,
            checkout,
            adults: input.adults,
            guestFirstName: input.guest.firstName,
            guestLastName: input.guest.lastName,
            guestEmail: input.guest.email,
            totalAmount: nightly.reduce((sum, n) => sum + n.amount, 0),
            currency: property.currency,
            nightlyPrices: nightly,
            externalReference: input.externalReference ?? null,
            apiKeyId: options.apiKeyId,
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: fingerprint,
            createdAt: now,
            updatedAt: now,
            cancelledAt: null,
            cancellationReason: null,
          } satisfies Booking;
          await tx.$executeRaw`
            INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
              guest_first_name, guest_last_name, guest_email, total_amount, currency, nightly_prices,
              external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at)
            VALUES (${booking.id}, ${booking.reference}, ${booking.propertyId}, ${booking.roomTypeId}, 'confirmed', ${checkin}::date, ${checkout}::date,
              ${booking.adults}, ${booking.guestFirstName}, ${booking.guestLastName}, ${booking.guestEmail}, ${booking.totalAmount},
              ${booking.currency}, ${JSON.stringify(nightly)}::jsonb, ${booking.externalReference}, ${booking.apiKeyId},
              ${booking.idempotencyKey}, ${fingerprint}, ${now}, ${now})`;
          const view = toBookingView(booking);
          await recordBookingEvent(tx, { type: "booking.created", propertyId: property.id, booking: view, at: now });
          return { kind: "created" as const, booking: view };
        },
        { maxWait: 10_000, timeout: 20_000 },
      );
      if (outcome.kind === "created") return { booking: outcome.booking, replayed: false };
      return replay(await db.booking.findUniqueOrThrow({ where: { id: outcome.existingId } }), fingerprint);
    } catch (error) {
      // The unique index caught a concurrent first request with this key: replay its booking.
      if (idempotencyKey && isUniqueViolation(error, "idempotency_key")) {
        const earlier = await findByIdempotencyKey(db, property.id, idempotencyKey);
        if (earlier) return replay(earlier, fingerprint);
      }
      // Two bookings drew the same short reference: draw again.
      if (attempt < 5 && isUniqueViolation(error, "reference")) continue;
      throw error;
    }
  }
}

function findByIdempotencyKey(db: Db, propertyId: string, idempotencyKey: string) {
  return db.booking.findUnique({ where: { propertyId_idempotencyKey: { propertyId, idempotencyKey } } });
}

function replay(booking: Booking, fingerprint: string): CreateBookingResult {
  if (booking.requestFingerprint !== fingerprint) {
    throw new DomainError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used for a different request. Use a new key for a new booking.",
      { bookingId: booking.id },
    );
  }
  return { booking: toBookingView(booking), replayed: true };
}

