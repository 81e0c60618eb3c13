import { systemClock, type Clock } from "@/lib/clock";
import { fromDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { activeTraceContext } from "@/lib/trace-context";
import { anonymiseGroupBooker, type GroupBookerOutcome } from "./anonymise-group-booker";
import type { BookingActor } from "./booking-actor";

/** The e-mail an anonymised booking carries: unique to it, and no address (the .invalid domain never resolves). */
export function anonymisedEmail(bookingId: string): string {
  return `anonymised-${bookingId}@invalid`;
}

export type AnonymiseOutcome =
  | { kind: "anonymised"; anonymisedAt: string }
  | { kind: "unchanged"; anonymisedAt: string }
  | { kind: "not_ended"; checkout: CalendarDate; today: CalendarDate }
  | { kind: "not_found"; bookingId: string };

type AnonymiseAnswer = "anonymised" | "unchanged" | "not_ended" | "not_found";

/**
 * Erases a guest's data from one booking of the property (a guest's right to erasure, GDPR
 * article 17), keeping the booking for the hotel's accounts. Its invariants:
 *
 * - Anonymise, never delete: dates, room type, party, amounts, plan, terms, references and the
 *   partner's externalReference stay; the guest's names become "Anonymised", the e-mail
 *   anonymisedEmail (no address), the language, phone and staff note are cleared, and the
 *   booking carries anonymisedAt (a CHECK holds an anonymised booking to this).
 * - Everywhere the database keeps the guest, in one transaction: the booking, its history, its
 *   events' payloads, their webhook bodies and the partner's answers to them, the e-mails sent
 *   about it, its group's booker once every room is anonymised (lib/bookings/sql/
 *   anonymise_booking.sql lists each).
 * - Only a stay that has ended: a cancelled booking, or a confirmed one whose checkout is on or
 *   before the property's today (the test clock's, for a twin); else not_ended.
 * - Partners hear of it: a booking.anonymised event (its ids and anonymisedAt, no personal
 *   data), written with it, whoever erased it (actor: a key, a staff member, the CLI, retention);
 *   and booking_group.anonymised after it when it erases its group's booker.
 * - Once: an anonymised booking is answered as it is ("unchanged"), nothing written again.
 * - A booking of another property is not_found; so is one that none of `madeByKeys` made, when
 *   given (a partner erases only the guests of the bookings its keys made: keyLineage).
 */
export async function anonymiseBooking(
  db: Db | Prisma.TransactionClient,
  options: { property: PropertyClockFacts & { id: string }; bookingId: string; actor: BookingActor; madeByKeys?: string[]; clock?: Clock },
): Promise<AnonymiseOutcome> {
  return (await anonymiseEach(db, { ...options, bookingIds: [options.bookingId] }))[0]!;
}

/**
 * anonymiseBooking for each of `bookingIds`, in that order, in one statement (a retention batch
 * of hundreds is one round trip, not hundreds); the outcomes in the same order.
 */
async function anonymiseEach(
  db: Db | Prisma.TransactionClient,
  options: { property: PropertyClockFacts & { id: string }; bookingIds: string[]; actor: BookingActor; madeByKeys?: string[]; clock?: Clock },
): Promise<AnonymiseOutcome[]> {
  const { property, bookingIds } = options;
  if (!bookingIds.length) return [];
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(property, { now: () => now });
  const at = now.toISOString();
  const traceContext = activeTraceContext();
  const calls = bookingIds.map((bookingId) => ({
    bookingId,
    propertyId: property.id,
    ...(options.madeByKeys ? { apiKeyIds: options.madeByKeys } : {}),
    today,
    at,
    email: anonymisedEmail(bookingId),
    eventId: newId("evt"),
    // The group booker's erasure event, used when this is its group's last room to erase.
    groupEventId: newId("evt"),
    actor: options.actor,
    traceContext,
  }));
  const rows = await db.$queryRaw<{ answer: AnonymiseAnswer }[]>`
    SELECT anonymise_booking(c.call) AS answer FROM jsonb_array_elements(${JSON.stringify(calls)}::jsonb) WITH ORDINALITY AS c(call, n) ORDER BY c.n`;
  const refused = bookingIds.filter((_, i) => rows[i]!.answer === "unchanged" || rows[i]!.answer === "not_ended");
  const kept = refused.length ? await db.booking.findMany({ where: { id: { in: refused } }, select: { id: true, anonymisedAt: true, checkout: true } }) : [];
  const byId = new Map(kept.map((booking) => [booking.id, booking]));
  return bookingIds.map((bookingId, i): AnonymiseOutcome => {
    const answer = rows[i]!.answer;
    if (answer === "anonymised") return { kind: "anonymised", anonymisedAt: at };
    if (answer === "not_found") return { kind: "not_found", bookingId };
    const booking = byId.get(bookingId)!;
    if (answer === "unchanged") return { kind: "unchanged", anonymisedAt: booking.anonymisedAt!.toISOString() };
    return { kind: "not_ended", checkout: fromDbDate(booking.checkout), today };
  });
}

/** Which door erased guests: the panel, the partner API, the admin CLI, or the retention period. */
export type ErasureWay = "panel" | "api" | "cli" | "retention";

/** A retention batch of hundreds under a booking load can outlast Prisma's 5 s default; it locks only stays long over. */
const ERASURE_TRANSACTION = { timeout: 60_000 };

/** What one erasure did: each booking's outcome, and each group booker's, in the order asked. */
export type ErasureOutcomes = { bookings: AnonymiseOutcome[]; groupBookers: GroupBookerOutcome[] };

/**
 * anonymiseBooking for each of `bookingIds`, then anonymiseGroupBooker for each of
 * `bookerOfGroupIds` (groups the guest booked for others), in one transaction with one audit
 * entry for what it anonymised (guest_anonymised: who, which way, how many bookings and their
 * ids, the groups whose booker it erased; at most a hash of the guest's e-mail, never the data
 * itself). One refused (not ended, not found) leaves the others to be erased; each outcome is
 * returned, in order.
 */
export async function anonymiseBookings(
  db: Db,
  options: {
    property: PropertyClockFacts & { id: string };
    bookingIds: string[];
    bookerOfGroupIds?: string[];
    actor: BookingActor;
    way: ErasureWay;
    madeByKeys?: string[];
    emailHash?: string;
    clock?: Clock;
  },
): Promise<ErasureOutcomes> {
  const { property, actor, way } = options;
  const groupIds = options.bookerOfGroupIds ?? [];
  return db.$transaction(async (tx) => {
    const bookings = await anonymiseEach(tx, options);
    const groupBookers: GroupBookerOutcome[] = [];
    for (const groupId of groupIds) groupBookers.push(await anonymiseGroupBooker(tx, { property, groupId, actor, clock: options.clock }));
    const erased = options.bookingIds.filter((_, i) => bookings[i]!.kind === "anonymised");
    const bookers = groupIds.filter((_, i) => groupBookers[i]!.kind === "anonymised");
    if (erased.length || bookers.length) {
      await recordAuditEvent(tx, {
        propertyId: property.id,
        action: "guest_anonymised",
        actor,
        details: {
          way,
          bookings: erased.length,
          bookingIds: erased,
          ...(bookers.length ? { bookerOfGroupIds: bookers } : {}),
          ...(options.emailHash ? { emailHash: options.emailHash } : {}),
        },
      });
    }
    return { bookings, groupBookers };
  }, ERASURE_TRANSACTION);
}
