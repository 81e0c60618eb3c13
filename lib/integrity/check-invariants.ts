import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * One broken stored invariant.
 *
 * - `rooms_sold_mismatch`: a night's `rooms_sold` is not the number of confirmed bookings of
 *   its room type whose stay [checkin, checkout) covers it (expected: that count, actual:
 *   rooms_sold).
 * - `nightly_total_mismatch`: a booking's nightly prices do not add up to its total
 *   (expected: their sum, actual: total_amount). Amounts that are not JSON numbers count as
 *   missing.
 * - `night_missing`: a night of a booking's stay has no room_nights row (bookingId, date).
 * - `nightly_prices_mismatch`: a booking's nightly prices are not exactly one entry per night
 *   of its stay (expected: the stay's nights, actual: the dates listed, in stored order;
 *   null when nightly_prices is not an array).
 * - `group_incomplete`: a booking group is not whole: fewer than 2 rooms, or its rooms'
 *   numbers are not 0, 1, ... in order (expected: that many, from 0; actual: the numbers
 *   stored). A group is written whole or not at all.
 */
export type InvariantViolation =
  | { kind: "rooms_sold_mismatch"; propertyId: string; roomTypeId: string; date: string; expected: number; actual: number }
  | { kind: "nightly_total_mismatch"; propertyId: string; roomTypeId: string; bookingId: string; expected: number; actual: number }
  | { kind: "night_missing"; propertyId: string; roomTypeId: string; bookingId: string; date: string }
  | { kind: "nightly_prices_mismatch"; propertyId: string; roomTypeId: string; bookingId: string; expected: string[]; actual: (string | null)[] | null }
  | { kind: "group_incomplete"; propertyId: string; groupId: string; actual: number[] };

export type InvariantViolationKind = InvariantViolation["kind"];

/** The kinds, in the order violations are listed. */
export const INVARIANT_VIOLATION_KINDS: readonly InvariantViolationKind[] = [
  "rooms_sold_mismatch",
  "nightly_total_mismatch",
  "night_missing",
  "nightly_prices_mismatch",
  "group_incomplete",
];

export type InvariantCheck = {
  ok: boolean;
  /** What was read: properties (live ones), test twins, room_nights rows and bookings (either status) in scope. */
  checked: { properties: number; testTwins: number; nights: number; bookings: number };
  /** By kind (in INVARIANT_VIOLATION_KINDS order), then property, room type, date, booking. */
  violations: InvariantViolation[];
};

/** A long check must not be cut short; it only reads, so it holds no locks while it runs. */
const CHECK_TIMEOUT_MS = 10 * 60_000;

/**
 * Checks the stored invariants of every property, or of the one with `propertySlug`
 * (unknown slug: DomainError "not_found"):
 *
 * 1. every night's rooms_sold equals the confirmed bookings of its room type covering it;
 * 2. every booking's nightly prices add up to its total_amount;
 * 3. every night of every booking's stay (cancelled ones too) has a room_nights row, and
 *    its nightly prices list each night of the stay exactly once;
 * 4. every booking group has its rooms, numbered 0, 1, ... (at least two).
 *
 * Everything is read in one read-only REPEATABLE READ transaction: one snapshot, so the
 * answer is exact on a live database, and no locks are taken. The counting is done by
 * PostgreSQL; only violations come back.
 */
export async function checkInvariants(db: Db, options: { propertySlug?: string } = {}): Promise<InvariantCheck> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SET TRANSACTION READ ONLY`;
      let propertyId: string | undefined;
      if (options.propertySlug !== undefined) {
        const property = await tx.property.findUnique({ where: { slug: options.propertySlug }, select: { id: true } });
        if (!property) throw new DomainError("not_found", `no property with slug "${options.propertySlug}"`);
        propertyId = property.id;
      }
      const inScope = (column: Prisma.Sql) => (propertyId === undefined ? Prisma.empty : Prisma.sql`AND ${column} = ${propertyId}`);

      const [counts] = await tx.$queryRaw<{ properties: number; test_twins: number; nights: number; bookings: number; isolation: string; read_only: string }[]>`
        SELECT (SELECT count(*) FROM properties p WHERE p.live_property_id IS NULL ${inScope(Prisma.sql`p.id`)})::int AS properties,
               (SELECT count(*) FROM properties p WHERE p.live_property_id IS NOT NULL ${inScope(Prisma.sql`p.id`)})::int AS test_twins,
               (SELECT count(*) FROM room_nights rn JOIN room_types rt ON rt.id = rn.room_type_id WHERE true ${inScope(Prisma.sql`rt.property_id`)})::int AS nights,
               (SELECT count(*) FROM bookings b WHERE true ${inScope(Prisma.sql`b.property_id`)})::int AS bookings,
               current_setting('transaction_isolation') AS isolation,
               current_setting('transaction_read_only') AS read_only`;
      // The answer is only exact on one snapshot: refuse to report anything read otherwise.
      if (counts?.isolation !== "repeatable read" || counts.read_only !== "on") {
        throw new Error(`the check must read in a read-only repeatable read transaction (got ${counts?.isolation}, read only ${counts?.read_only})`);
      }

      const roomsSold = await tx.$queryRaw<{ property_id: string; room_type_id: string; date: string; expected: number; actual: number }[]>`
        WITH covered AS (
          SELECT b.room_type_id, b.checkin + n.i AS date, count(*)::int AS bookings
          FROM bookings b
          JOIN room_types rt ON rt.id = b.room_type_id
          CROSS JOIN LATERAL generate_series(0, b.checkout - b.checkin - 1) AS n(i)
          WHERE b.status = 'confirmed' ${inScope(Prisma.sql`rt.property_id`)}
          GROUP BY 1, 2
        )
        SELECT rt.property_id, rn.room_type_id, to_char(rn.date, 'YYYY-MM-DD') AS date,
               coalesce(c.bookings, 0) AS expected, rn.rooms_sold AS actual
        FROM room_nights rn
        JOIN room_types rt ON rt.id = rn.room_type_id
        LEFT JOIN covered c ON c.room_type_id = rn.room_type_id AND c.date = rn.date
        WHERE rn.rooms_sold <> coalesce(c.bookings, 0) ${inScope(Prisma.sql`rt.property_id`)}
        ORDER BY rt.property_id, rn.room_type_id, rn.date`;

      const missingNights = await tx.$queryRaw<{ property_id: string; room_type_id: string; booking_id: string; date: string }[]>`
        SELECT b.property_id, b.room_type_id, b.id AS booking_id, to_char(b.checkin + n.i, 'YYYY-MM-DD') AS date
        FROM bookings b
        CROSS JOIN LATERAL generate_series(0, b.checkout - b.checkin - 1) AS n(i)
        WHERE NOT EXISTS (SELECT 1 FROM room_nights rn WHERE rn.room_type_id = b.room_type_id AND rn.date = b.checkin + n.i)
          ${inScope(Prisma.sql`b.property_id`)}
        ORDER BY b.property_id, b.room_type_id, b.checkin + n.i, b.id`;

      const nightly = await tx.$queryRaw<
        {
          property_id: string;
          room_type_id: string;
          booking_id: string;
          total_amount: number;
          is_array: boolean;
          stay_dates: string[];
          listed_dates: (string | null)[] | null;
          dates_match: boolean;
          nightly_sum: number;
        }[]
      >`
        SELECT b.property_id, b.room_type_id, b.id AS booking_id, b.total_amount,
               jsonb_typeof(b.nightly_prices) = 'array' AS is_array,
               stay.dates AS stay_dates, listed.dates AS listed_dates,
               (jsonb_typeof(b.nightly_prices) = 'array' AND listed.sorted IS NOT DISTINCT FROM stay.dates) AS dates_match,
               coalesce(listed.total, 0)::float8 AS nightly_sum
        FROM bookings b
        CROSS JOIN LATERAL (
          SELECT array_agg(to_char(b.checkin + n.i, 'YYYY-MM-DD') ORDER BY n.i) AS dates
          FROM generate_series(0, b.checkout - b.checkin - 1) AS n(i)
        ) AS stay
        CROSS JOIN LATERAL (
          SELECT coalesce(array_agg(e.value ->> 'date' ORDER BY e.position), '{}') AS dates,
                 array_agg(e.value ->> 'date' ORDER BY e.value ->> 'date') AS sorted,
                 sum(CASE WHEN jsonb_typeof(e.value -> 'amount') = 'number' THEN (e.value ->> 'amount')::numeric END) AS total
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(b.nightly_prices) = 'array' THEN b.nightly_prices ELSE '[]' END)
               WITH ORDINALITY AS e(value, position)
        ) AS listed
        WHERE (jsonb_typeof(b.nightly_prices) <> 'array'
               OR listed.sorted IS DISTINCT FROM stay.dates
               OR coalesce(listed.total, 0) <> b.total_amount)
          ${inScope(Prisma.sql`b.property_id`)}
        ORDER BY b.property_id, b.room_type_id, b.checkin, b.id`;

      const groups = await tx.$queryRaw<{ property_id: string; group_id: string; rooms: number[] }[]>`
        SELECT g.property_id, g.id AS group_id, coalesce(array_agg(b.group_room ORDER BY b.group_room) FILTER (WHERE b.id IS NOT NULL), '{}')::int[] AS rooms
        FROM booking_groups g
        LEFT JOIN bookings b ON b.group_id = g.id
        WHERE true ${inScope(Prisma.sql`g.property_id`)}
        GROUP BY g.property_id, g.id
        HAVING count(b.id) < 2 OR coalesce(array_agg(b.group_room ORDER BY b.group_room) FILTER (WHERE b.id IS NOT NULL), '{}')::int[]
               IS DISTINCT FROM array(SELECT generate_series(0, count(b.id)::int - 1))
        ORDER BY g.property_id, g.id`;

      const violations: InvariantViolation[] = [
        ...roomsSold.map((row) => ({
          kind: "rooms_sold_mismatch" as const,
          propertyId: row.property_id,
          roomTypeId: row.room_type_id,
          date: row.date,
          expected: row.expected,
          actual: row.actual,
        })),
        ...nightly
          .filter((row) => row.is_array && row.nightly_sum !== row.total_amount)
          .map((row) => ({
            kind: "nightly_total_mismatch" as const,
            propertyId: row.property_id,
            roomTypeId: row.room_type_id,
            bookingId: row.booking_id,
            expected: row.nightly_sum,
            actual: row.total_amount,
          })),
        ...missingNights.map((row) => ({
          kind: "night_missing" as const,
          propertyId: row.property_id,
          roomTypeId: row.room_type_id,
          bookingId: row.booking_id,
          date: row.date,
        })),
        ...nightly
          .filter((row) => !row.dates_match)
          .map((row) => ({
            kind: "nightly_prices_mismatch" as const,
            propertyId: row.property_id,
            roomTypeId: row.room_type_id,
            bookingId: row.booking_id,
            expected: row.stay_dates,
            actual: row.is_array ? row.listed_dates : null,
          })),
        ...groups.map((row) => ({ kind: "group_incomplete" as const, propertyId: row.property_id, groupId: row.group_id, actual: row.rooms })),
      ];
      const checked = { properties: counts.properties, testTwins: counts.test_twins, nights: counts.nights, bookings: counts.bookings };
      return { ok: violations.length === 0, checked, violations };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, maxWait: 10_000, timeout: CHECK_TIMEOUT_MS },
  );
}
