import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestBookingsSql, listGuestBookings } from "@/lib/bookings/list-guest-bookings";
import { searchBookings, searchSql, type BookingSearch } from "@/lib/bookings/search-bookings";
import { Prisma } from "@/lib/generated/prisma/client";
import { BookingSearchSchema } from "@/lib/schemas/booking-search";
import { seedProperty } from "@/prisma/factories";
import { createTestDatabase, disposeTestDatabase, type TestDatabase } from "../support/database";

/**
 * The search and the guest's other bookings on a large hotel: 50,000 bookings at one property
 * (and 5,000 at another with the same guests), in a database of this file's own. PostgreSQL must
 * answer from the indexes, never by reading the bookings table whole.
 */
const BOOKINGS = 50_000;
let database: TestDatabase;
let hotel: string;
let neighbour: string;

/**
 * `count` bookings at a property in one statement: guests from 40 common surnames (one booking
 * in ten) and pseudo-words, e-mails unique, references the property's initials and 6 characters
 * of the reference alphabet, spread over 1,000 check-in dates and two years of creation times.
 */
async function fillBookings(propertyId: string, roomTypeId: string, initials: string, count: number, offset: number) {
  await database.db.$executeRaw`
    INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
                          guest_first_name, guest_last_name, guest_email, total_amount, currency, nightly_prices,
                          created_at, updated_at, cancelled_at, source,
                          rate_plan_id, rate_plan_name, cancellation_policy, fee_amount, cancellation_fee)
    SELECT 'bk_' || lpad(n::text, 20, '0'),
           ${initials} || '-' || (SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', ((n * 548503631::bigint) % 887503681 / power(31, k)::bigint % 31 + 1)::int, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) AS k),
           ${propertyId}, ${roomTypeId},
           CASE WHEN n % 10 = 0 THEN 'cancelled' ELSE 'confirmed' END::"BookingStatus",
           DATE '2026-01-01' + (n % 1000), DATE '2026-01-01' + (n % 1000) + 2, 2,
           first_name, last_name,
           lower(first_name) || '.' || lower(replace(last_name, ' ', '')) || n || '@example.com',
           20000, 'EUR', '[]'::jsonb,
           now() - (n || ' minutes')::interval, now(), CASE WHEN n % 10 = 0 THEN now() END, 'desk',
           plan.id, plan.name, '{"type": "non_refundable"}'::jsonb, 20000, CASE WHEN n % 10 = 0 THEN 0 END
    FROM (SELECT id, name FROM rate_plans WHERE property_id = ${propertyId} AND standard) AS plan,
         generate_series(${offset + 1}::int, ${offset + count}::int) AS n,
    LATERAL (SELECT (ARRAY['Ana','Bruno','Carla','Daniel','Eva','Filipe','Greta','Hugo','Inês','João','Klara','Luís','Marta','Nuno','Olga','Pedro','Rita','Sofia','Tiago','Vera'])[1 + (n / 7) % 20] AS first_name,
                    CASE WHEN n % 10 = 3 THEN (ARRAY['Silva','Santos','Ferreira','Pereira','Oliveira','Costa','Rodrigues','Martins','Jesus','Sousa','Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann','Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Rossi','Russo','Ferrari','Esposito','Bianchi','Romano','Colombo','Ricci','Marino','da Silva'])[1 + (n / 10) % 40]
                         ELSE initcap(translate(substr(md5(n::text), 1, 8), '0123456789', 'ghijklmnop')) END AS last_name) AS guest`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const big = await seedProperty(database.db, { name: "Plan Large Noon", roomTypes: [{ name: "Double", maxAdults: 2, rooms: 500, basePrice: 20_000 }] });
  const other = await seedProperty(database.db, { name: "Other Place", roomTypes: [{ name: "Twin", maxAdults: 2, rooms: 50, basePrice: 20_000 }] });
  hotel = big.property.id;
  neighbour = other.property.id;
  await fillBookings(hotel, big.roomTypes[0]!.id, "PLN", BOOKINGS, 0);
  await fillBookings(neighbour, other.roomTypes[0]!.id, "OP", 5_000, BOOKINGS);
  await database.db.$executeRaw`ANALYZE bookings`;
}, 120_000);

afterAll(async () => {
  if (database) await disposeTestDatabase(database);
});

async function plan(sql: Prisma.Sql): Promise<string> {
  const rows = await database.db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${sql}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

const search = (q: string, filters: BookingSearch["filters"] = {}): BookingSearch => ({ propertyId: hotel, filters, words: BookingSearchSchema.parse(q) });

describe("the bookings search on 50,000 bookings", () => {
  it("is answered from the words' index: each field, several words, and with the filters, for the page and its count in one statement", async () => {
    const searches = [
      search("silva"),
      search("ferreira"),
      search("pln-4k"),
      search("PLN-4K7"),
      search("marta.costa"),
      search("ana silva"),
      search("hugo santos", { status: "confirmed", checkinFrom: "2026-03-01", checkinTo: "2026-09-30" }),
    ];
    for (const one of searches) {
      const shape = await plan(searchSql(one));
      expect(shape, `${one.words.join(" ")}:\n${shape}`).toContain("Bitmap Index Scan on bookings_guest_search_idx");
      expect(shape, `${one.words.join(" ")}:\n${shape}`).not.toMatch(/Seq Scan on bookings/);
    }
  });

  it("reads a few pages for a selective search, not the table", async () => {
    const [{ relpages }] = await database.db.$queryRaw<[{ relpages: number }]>`SELECT relpages FROM pg_class WHERE relname = 'bookings'`;
    for (const q of ["pln-4k7", "marta.costa", "ferreira"]) {
      const [row] = await database.db.$queryRaw<[{ "QUERY PLAN": [{ Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } }] }]>(
        Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${searchSql(search(q))}`,
      );
      const { Plan: plan } = row["QUERY PLAN"][0];
      // Index pages plus the pages of the matching rows; the table has about 1,300.
      expect(plan["Shared Hit Blocks"] + plan["Shared Read Blocks"], q).toBeLessThan(relpages / 5);
    }
  });

  it("finds exactly what a reading of the whole table finds, at this property only", async () => {
    for (const q of ["silva", "da silva", "pln-4k", "sofia costa", "marta.costa", "x"]) {
      const words = BookingSearchSchema.parse(q);
      const pattern = words.map((word) => `(^| )${word.replace(/[.]/g, "\\.")}`);
      const [expected] = await database.db.$queryRaw<[{ n: number }]>`
        SELECT count(*)::int AS n FROM bookings
        WHERE property_id = ${hotel}
          AND (SELECT bool_and(lower(guest_first_name || ' ' || guest_last_name || ' ' || guest_email || ' ' || reference) ~ p) FROM unnest(${pattern}::text[]) AS p)`;
      const found = await searchBookings(database.db, search(q));
      expect(found.total, q).toBe(expected!.n);
      expect(found.data.length, q).toBe(Math.min(25, expected!.n));
      expect(found.data.every((booking) => booking.reference.startsWith("PLN-")), q).toBe(true);
    }
    expect((await searchBookings(database.db, search("silva"))).total).toBeGreaterThan(100);
  });

  it("finds a guest's other bookings from the (e-mail, property) index", async () => {
    const [guest] = await database.db.$queryRaw<[{ id: string; guest_email: string }]>`SELECT id, guest_email FROM bookings WHERE property_id = ${hotel} ORDER BY id LIMIT 1`;
    await database.db.$executeRaw`UPDATE bookings SET guest_email = upper(${guest!.guest_email}) WHERE id IN (SELECT id FROM bookings WHERE property_id = ${hotel} ORDER BY id DESC LIMIT 3)`;
    const query = { propertyId: hotel, email: guest!.guest_email, exceptBookingId: guest!.id };
    const shape = await plan(guestBookingsSql(query));
    expect(shape).toContain("bookings_guest_email_property_id_idx");
    expect(shape).not.toMatch(/Seq Scan on bookings/);
    expect((await listGuestBookings(database.db, query)).total).toBe(3);
  });
});
