import { systemClock, type Clock } from "@/lib/clock";
import { fromDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { activeTraceContext } from "@/lib/trace-context";
import type { BookingActor } from "./booking-actor";

export type GroupBookerOutcome =
  | { kind: "anonymised" }
  | { kind: "unchanged" }
  | { kind: "not_ended"; checkout: CalendarDate; today: CalendarDate }
  | { kind: "not_found"; groupId: string };

/**
 * Erases the booker of a booking group (who booked several rooms, and may stay in none of them)
 * at the booker's own request. Its invariants:
 *
 * - Only the booker: the group's booker names become "Anonymised", the e-mail an address that
 *   cannot exist, the language cleared, and the e-mails sent to the booker about the group's
 *   rooms scrubbed. Each room's guest is that guest's own data and stays (anonymiseBooking
 *   erases a room, and the booker with the group's last room).
 * - Only once the group's stay has ended: every room cancelled, or its checkout on or before
 *   the property's today; else not_ended.
 * - Once: a booker anonymised before is answered "unchanged".
 * - A group of another property is not_found.
 * - Partners hear of it: a booking_group.anonymised event (the group's ids and anonymisedAt, no
 *   personal data), written with it, whoever erased it.
 *
 * The write is lib/bookings/sql/anonymise_group_booker.sql, in the caller's transaction.
 */
export async function anonymiseGroupBooker(
  db: Db | Prisma.TransactionClient,
  options: { property: PropertyClockFacts & { id: string }; groupId: string; actor: BookingActor; clock?: Clock },
): Promise<GroupBookerOutcome> {
  const { property, groupId } = options;
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(property, { now: () => now });
  const call = { groupId, propertyId: property.id, today, at: now.toISOString(), eventId: newId("evt"), actor: options.actor, traceContext: activeTraceContext() };
  const rows = await db.$queryRaw<{ answer: GroupBookerOutcome["kind"] }[]>`SELECT anonymise_group_booker(${JSON.stringify(call)}::jsonb) AS answer`;
  const answer = rows[0]!.answer;
  if (answer === "anonymised" || answer === "unchanged") return { kind: answer };
  if (answer === "not_found") return { kind: "not_found", groupId };
  const group = await db.bookingGroup.findUniqueOrThrow({ where: { id: groupId }, select: { checkout: true } });
  return { kind: "not_ended", checkout: fromDbDate(group.checkout), today };
}
