import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { fixedClock } from "@/lib/clock";
import { addDays, eachDate } from "@/lib/dates/calendar-date";
import { formatOccupancy } from "@/lib/overview/occupancy";
import { OVERVIEW_NIGHTS, readOverview, type Overview } from "@/lib/overview/read-overview";
import { setRates } from "@/lib/rates/set-rates";
import { deskActor } from "@/lib/bookings/booking-actor";
import { openPastNights, seedApiKey, seedBooking, seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { TEST_ACTOR } from "@/lib/audit/actor";

const database = setupTestDatabase();

// 12:00 UTC is 01:00 the next day in Auckland (UTC+13 in March): today there is 2027-03-11.
const NOW = new Date("2027-03-10T12:00:00Z");
const TODAY = "2027-03-11";
const clock = fixedClock(NOW);
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000);

type Hotel = Awaited<ReturnType<typeof buildHotel>>;

/** A property with bookings of every kind the overview tells apart, made through createBooking as of when each was made. */
async function buildHotel(name: string) {
  const { db } = database();
  const { property, roomTypes } = await seedProperty(db, {
    name,
    timezone: "Pacific/Auckland",
    currency: "NZD",
    clock,
    roomTypes: [
      { name: "Double", maxAdults: 2, rooms: 5, basePrice: 20_000 },
      { name: "Suite", maxAdults: 4, rooms: 2, basePrice: 50_000 },
    ],
  });
  const [double, suite] = roomTypes as [(typeof roomTypes)[0], (typeof roomTypes)[0]];
  for (const roomType of roomTypes) await openPastNights(db, roomType, addDays(TODAY, -5), addDays(TODAY, -1));
  await setRates(db, { roomTypeId: suite.id, from: addDays(TODAY, 28), to: addDays(TODAY, 29), price: 61_000 });
  const wanderly = await seedApiKey(db, property.id, "write", "Wanderly");
  const wanderlyToo = await seedApiKey(db, property.id, "write", "Wanderly"); // e.g. a second key of the same partner
  const cityHop = await seedApiKey(db, property.id, "write", "CityHop");
  const book = (spec: Parameters<typeof seedBooking>[2]) => seedBooking(db, property, spec);
  const d = (days: number) => addDays(TODAY, days);

  const inHouse = await book({ roomTypeId: double.id, checkin: d(-2), checkout: d(1), adults: 2, apiKeyId: wanderly.id, madeAt: daysAgo(4) });
  const arrival = await book({ roomTypeId: suite.id, checkin: d(0), checkout: d(3), adults: 3, apiKeyId: cityHop.id, madeAt: daysAgo(2) });
  const departure = await book({ roomTypeId: double.id, checkin: d(-3), checkout: d(0), adults: 1, madeAt: daysAgo(20) });
  const cancelled = await book({ roomTypeId: double.id, checkin: d(0), checkout: d(2), adults: 2, apiKeyId: cityHop.id, madeAt: daysAgo(1) });
  unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property, bookingId: cancelled.id, clock: fixedClock(daysAgo(0, 2)) }));
  const future = await book({ roomTypeId: suite.id, checkin: d(10), checkout: d(14), adults: 2, apiKeyId: wanderlyToo.id, madeAt: daysAgo(3) });
  const straddling = await book({ roomTypeId: suite.id, checkin: d(28), checkout: d(33), adults: 4, madeAt: daysAgo(6, 23) });
  const eightDaysAgo = await book({ roomTypeId: double.id, checkin: d(5), checkout: d(6), adults: 1, apiKeyId: cityHop.id, madeAt: daysAgo(8) });
  const maria = await seedStaff(db, property.id, { email: `maria-${property.id.slice(-6)}@hotel.example`, name: "Maria Silva" });
  const atTheDesk = await book({ roomTypeId: double.id, checkin: d(15), checkout: d(17), adults: 2, actor: deskActor({ staffUserId: maria.id, name: "Maria Silva", email: maria.email }), madeAt: daysAgo(5) });
  // Prices changed after booking do not change what was booked.
  await setRates(db, { roomTypeId: double.id, from: d(0), to: d(29), price: 99_900 });
  return { property, double, suite, bookings: { inHouse, arrival, departure, cancelled, future, straddling, eightDaysAgo, atTheDesk } };
}

/** The figures computed straight from the tables, without the overview's queries. */
async function expectedFromDatabase(hotel: Hotel) {
  const { db } = database();
  const id = hotel.property.id;
  const group = (where: string) =>
    db.$queryRawUnsafe<{ n: number; adults: number; refs: string[] | null }[]>(
      `SELECT count(*)::int AS n, coalesce(sum(adults), 0)::int AS adults, array_agg(reference ORDER BY reference) AS refs
       FROM bookings WHERE property_id = $1 AND status = 'confirmed' AND ${where}`,
      id,
      TODAY,
    );
  const [arrivals] = await group("checkin = $2::date");
  const [departures] = await group("checkout = $2::date");
  const [inHouse] = await group("checkin <= $2::date AND checkout > $2::date");

  const nights = eachDate(TODAY, addDays(TODAY, OVERVIEW_NIGHTS - 1));
  const bookings = await db.$queryRaw<{ checkin: string; checkout: string; nightly: { date: string; amount: number }[] }[]>`
    SELECT to_char(checkin, 'YYYY-MM-DD') AS checkin, to_char(checkout, 'YYYY-MM-DD') AS checkout, nightly_prices AS nightly
    FROM bookings WHERE property_id = ${id} AND status = 'confirmed'`;
  const forSale = await db.$queryRaw<{ date: string; rooms: number }[]>`
    SELECT to_char(n.date, 'YYYY-MM-DD') AS date, sum(n.rooms_for_sale)::int AS rooms
    FROM room_nights n JOIN room_types t ON t.id = n.room_type_id WHERE t.property_id = ${id} GROUP BY n.date`;
  const occupancy = nights.map((date) => {
    const sold = bookings.filter((b) => b.checkin <= date && date < b.checkout).length;
    const rooms = forSale.find((row) => row.date === date)?.rooms ?? 0;
    return { date, roomsSold: sold, roomsForSale: rooms, occupancy: rooms ? sold / rooms : null };
  });
  const revenue = bookings.flatMap((b) => b.nightly).filter((n) => nights.includes(n.date)).reduce((sum, n) => sum + n.amount, 0);

  const recent = await db.$queryRaw<{ label: string | null; n: number; value: number }[]>`
    SELECT CASE WHEN b.source = 'desk' THEN 'Desk' || coalesce(' · ' || (SELECT name FROM staff_users WHERE id = b.staff_user_id), '')
                ELSE (SELECT label FROM api_keys WHERE id = b.api_key_id) END AS label,
           count(*)::int AS n, sum(total_amount)::int AS value
    FROM bookings b WHERE property_id = ${id} AND status = 'confirmed' AND created_at >= ${daysAgo(7)}
    GROUP BY 1`;
  return { arrivals, departures, inHouse, occupancy, revenue, recent };
}

const refs = (group: Overview["arrivals"]) => group.bookings.map((b) => b.reference).sort();

describe("the overview", () => {
  let hotel: Hotel;
  let other: Hotel;
  beforeAll(async () => {
    hotel = await buildHotel("Overview Hotel");
    other = await buildHotel("Overview Hotel Next Door"); // same kinds of bookings at another property: none may leak in
  });

  it("counts today's arrivals, departures and guests in house at the property's today, as the database does", async () => {
    const overview = await readOverview(database().db, hotel.property, { clock });
    const expected = await expectedFromDatabase(hotel);
    expect(overview.today).toBe(TODAY);
    for (const kind of ["arrivals", "departures", "inHouse"] as const) {
      expect(overview[kind].count, kind).toBe(expected[kind]!.n);
      expect(overview[kind].adults, kind).toBe(expected[kind]!.adults);
      expect(refs(overview[kind]), kind).toEqual(expected[kind]!.refs ?? []);
    }
    // And by hand: the cancelled arrival and the other property's bookings are left out.
    const { arrival, departure, inHouse } = hotel.bookings;
    expect(refs(overview.arrivals)).toEqual([arrival.reference]);
    expect(overview.arrivals).toMatchObject({ count: 1, adults: 3, bookings: [{ guest: "Test Guest", roomType: "Suite", checkout: addDays(TODAY, 3) }] });
    expect(refs(overview.departures)).toEqual([departure.reference]);
    expect(overview.departures.adults).toBe(1);
    expect(refs(overview.inHouse)).toEqual([arrival.reference, inHouse.reference].sort());
    expect(overview.inHouse.adults).toBe(5);
  });

  it("gives each of the next 30 nights its occupancy over all room types, as the database does", async () => {
    const overview = await readOverview(database().db, hotel.property, { clock });
    const expected = await expectedFromDatabase(hotel);
    expect(overview.occupancy).toHaveLength(30);
    expect(overview.occupancy).toEqual(expected.occupancy);
    expect(overview.occupancy[0]).toEqual({ date: TODAY, roomsSold: 2, roomsForSale: 7, occupancy: 2 / 7 });
    expect(overview.occupancy[29]).toMatchObject({ date: addDays(TODAY, 29), roomsSold: 1 });
    expect(formatOccupancy(overview.occupancy[0]!.occupancy)).toBe("29%");
  });

  it("shows — for a night with nothing for sale", async () => {
    const { db } = database();
    const { property } = await seedProperty(db, { name: "Closed Inn", timezone: "Pacific/Auckland", clock, roomTypes: [{ name: "Room", maxAdults: 2, rooms: 0, basePrice: 10_000 }] });
    const overview = await readOverview(db, property, { clock });
    expect(overview.occupancy.every((night) => night.occupancy === null && night.roomsForSale === 0)).toBe(true);
    expect(formatOccupancy(overview.occupancy[3]!.occupancy)).toBe("—");
  });

  it("sums revenue on the books from the nightly prices fixed at booking, for today … today + 29 only", async () => {
    const overview = await readOverview(database().db, hotel.property, { clock });
    const expected = await expectedFromDatabase(hotel);
    expect(overview.revenue).toEqual({ amount: expected.revenue, currency: "NZD" });
    // By hand: in house (tonight), arrival (3 suite nights), future (4 suite nights), straddling
    // (2 nights in range at 610.00), the one-night booking made eight days ago, the two nights
    // booked at the desk; not the cancelled one.
    expect(overview.revenue.amount).toBe(20_000 + 3 * 50_000 + 4 * 50_000 + 2 * 61_000 + 20_000 + 2 * 20_000);
  });

  it("counts the bookings made in the last 7 days by channel (key label, or the desk by staff member), as the database does", async () => {
    const overview = await readOverview(database().db, hotel.property, { clock });
    const expected = await expectedFromDatabase(hotel);
    const actual = overview.recent.byChannel.map((c) => ({ label: c.label, n: c.bookings, value: c.value.amount }));
    expect(actual).toEqual(expect.arrayContaining(expected.recent));
    expect(actual).toHaveLength(expected.recent.length);
    // By hand, most valuable first: the straddling stay made at the desk by nobody recorded (the
    // seed's), both Wanderly keys as one label, CityHop's arrival (its cancelled and its
    // eight-days-old bookings left out), Maria's desk booking.
    expect(actual).toEqual([
      { label: "Desk", n: 1, value: 2 * 61_000 + 3 * 50_000 },
      { label: "Wanderly", n: 2, value: 3 * 20_000 + 4 * 50_000 },
      { label: "CityHop", n: 1, value: 150_000 },
      { label: "Desk · Maria Silva", n: 1, value: 2 * 20_000 },
    ]);
    expect(overview.recent.since).toEqual(daysAgo(7));
    // createBooking and cancelBooking take their times from the clock they are given.
    expect(hotel.bookings.eightDaysAgo.createdAt).toBe(daysAgo(8).toISOString());
    const cancelled = await database().db.booking.findUniqueOrThrow({ where: { id: hotel.bookings.cancelled.id } });
    expect([cancelled.cancelledAt, cancelled.updatedAt]).toEqual([daysAgo(0, 2), daysAgo(0, 2)]);
  });

  it("is the other property's own overview for the other property", async () => {
    const mine = await readOverview(database().db, hotel.property, { clock });
    const theirs = await readOverview(database().db, other.property, { clock });
    expect(refs(theirs.arrivals)).toEqual([other.bookings.arrival.reference]);
    expect(refs(theirs.arrivals)).not.toEqual(refs(mine.arrivals));
    expect(theirs.revenue.amount).toBe(mine.revenue.amount);
  });
});
