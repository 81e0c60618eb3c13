import type { Actor } from "@/lib/audit/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { anonymiseBookings } from "@/lib/bookings/anonymise-booking";
import { addMonths, toDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PROPERTY_CLOCK, propertyToday } from "@/lib/properties/property-today";

/** Who erases guests when their period is over, in the audit log. */
export const RETENTION_ACTOR: Actor = { label: "retention period" };

/** When the worker applies every property's retention period: daily at this hour and minute, UTC (graphile-worker's crontab is in UTC). */
export const RETENTION_DAILY_UTC = { hour: 3, minute: 41 } as const;

/** The worker's crontab line for it. */
export const RETENTION_CRONTAB = `${RETENTION_DAILY_UTC.minute} ${RETENTION_DAILY_UTC.hour} * * * apply-retention`;

/** The retention run after `now`: today's at RETENTION_DAILY_UTC if still to come, else tomorrow's. */
export function nextRetentionRun(now: Date): Date {
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_DAILY_UTC.hour, RETENTION_DAILY_UTC.minute));
  if (run <= now) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}

/** Bookings anonymised per transaction: each is short, and touches only stays long over. */
export const RETENTION_BATCH = 500;

export type RetentionRun = { property: string; months: number | null; before: CalendarDate | null; anonymised: number };

/** The checkout a retention run erases before: the period's months before today at the property. */
export function retentionCutoff(today: CalendarDate, months: number): CalendarDate {
  return addMonths(today, -months);
}

/** The bookings of the property a run with this cutoff anonymises: not anonymised yet, checkout before it. */
export function awaitingRetention(propertyId: string, before: CalendarDate): Prisma.BookingWhereInput {
  return { propertyId, anonymisedAt: null, checkout: { lt: toDbDate(before) } };
}

/**
 * The hotel's retention period (issue 40): every booking of the property whose checkout is more
 * than guest_retention_months before today at the property (a test twin: its test clock's today,
 * under its live property's period) is anonymised, in batches of RETENTION_BATCH, each its own
 * transaction with its own audit entry (way retention). Batches lock only bookings whose stay
 * ended long ago, which no booking, change or cancellation touches, so they never make one wait.
 * A run stopped half way leaves whole batches done and the next run goes on from there; a run
 * with nothing left changes nothing. Without a period (null), nothing is erased.
 */
export async function applyRetention(db: Db, options: { propertyId: string; clock?: Clock; batchSize?: number; actor?: Actor }): Promise<RetentionRun> {
  const property = await db.property.findUniqueOrThrow({
    where: { id: options.propertyId },
    select: { id: true, slug: true, guestRetentionMonths: true, liveProperty: { select: { guestRetentionMonths: true } }, ...PROPERTY_CLOCK },
  });
  const months = property.liveProperty ? property.liveProperty.guestRetentionMonths : property.guestRetentionMonths;
  if (months === null) return { property: property.slug, months, before: null, anonymised: 0 };
  const clock = options.clock ?? systemClock;
  const before = retentionCutoff(propertyToday(property, clock), months);
  let anonymised = 0;
  for (;;) {
    const batch = await db.booking.findMany({
      where: awaitingRetention(property.id, before),
      orderBy: [{ checkout: "asc" }, { id: "asc" }],
      take: options.batchSize ?? RETENTION_BATCH,
      select: { id: true },
    });
    if (!batch.length) break;
    const { bookings: outcomes } = await anonymiseBookings(db, {
      property,
      bookingIds: batch.map((row) => row.id),
      actor: options.actor ?? RETENTION_ACTOR,
      way: "retention",
      clock,
    });
    const done = outcomes.filter((outcome) => outcome.kind === "anonymised").length;
    anonymised += done;
    if (done === 0) break; // nothing more it may erase (never expected: every stay found has ended)
  }
  return { property: property.slug, months, before, anonymised };
}

/** applyRetention for every live property with a period, and for its test twin. */
export async function applyRetentionEverywhere(db: Db, clock: Clock = systemClock): Promise<RetentionRun[]> {
  const properties = await db.property.findMany({
    where: { OR: [{ livePropertyId: null, guestRetentionMonths: { not: null } }, { liveProperty: { guestRetentionMonths: { not: null } } }] },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const runs: RetentionRun[] = [];
  for (const { id } of properties) runs.push(await applyRetention(db, { propertyId: id, clock }));
  return runs;
}
