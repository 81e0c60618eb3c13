import { unlessRefused } from "@/lib/bookings/booking-refusals";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { deskActor } from "@/lib/bookings/booking-actor";
import { createBooking } from "@/lib/bookings/create-booking";
import { listBookingHistory } from "@/lib/bookings/list-booking-history";
import { systemClock } from "@/lib/clock";
import { addDays, toDbDate } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { dispatchEvent } from "@/lib/jobs/dispatch-event";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";
import { waitUntilLockWaits } from "../support/lock-waits";

/** Desk bookings (the panel's New booking) made by the domain core exactly as API bookings are, on real PostgreSQL. */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let maria: { staffUserId: string; name: string; email: string };

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, {
    name: "Desk Inn",
    roomTypes: [
      { name: "Double", maxAdults: 2, rooms: 5, basePrice: 12_000 },
      { name: "Attic", maxAdults: 2, rooms: 1, basePrice: 9_000 },
    ],
  });
  key = hotel.writeKey!.key;
  const staff = await seedStaff(database().db, hotel.property.id, { email: "maria.silva@desk-inn.example", name: "Maria Silva" });
  maria = { staffUserId: staff.id, name: "Maria Silva", email: staff.email };
});

const double = () => hotel.roomTypes[0]!;
const attic = () => hotel.roomTypes[1]!;
const guest = (firstName: string) => ({ firstName, lastName: "Costa", email: `${firstName.toLowerCase()}.costa@example.com` });
const deskBooking = (input: { roomTypeId: string; checkin: string; checkout: string; adults: number; guest: ReturnType<typeof guest> }, idempotencyKey?: string) =>
  createBooking(database().db, {
    property: hotel.property,
    input,
    actor: deskActor(maria),
    desk: { guestPhone: "+351 912 345 678", staffNote: "Arrives late, after 22:00." },
    idempotencyKey,
  }).then(unlessRefused);

/**
 * Holds the stay's night rows locked on a connection of its own while `start` sets requests
 * going; `queued(n)` waits until n of them wait for those locks inside book_stay. Then lets go.
 */
async function withNightsLocked<T>(roomTypeId: string, stay: { checkin: string; checkout: string }, start: (queued: (n: number) => Promise<void>) => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: database().url });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM room_nights WHERE room_type_id = $1 AND date >= $2 AND date < $3 ORDER BY date FOR UPDATE", [roomTypeId, stay.checkin, stay.checkout]);
    const queued = (n: number) => waitUntilLockWaits(database().db, "SELECT book_stay(", { count: n }).then(() => undefined);
    return await start(queued);
  } finally {
    await holder.query("ROLLBACK");
    await holder.end();
  }
}

describe("a desk booking", () => {
  it("and an API booking racing for the last room, on separate connections: exactly one gets it, each in turn, and the counters agree", async () => {
    const winners: string[] = [];
    for (let round = 0; round < 6; round++) {
      const checkin = addDays(hotel.today, 40 + round * 3);
      const stay = { roomTypeId: attic().id, checkin, checkout: addDays(checkin, 2), adults: 1 };
      const makeDesk = () => deskBooking({ ...stay, guest: guest(`Desk${round}`) });
      const makeApi = () => api("POST", "/bookings", { key, body: { ...stay, guest: guest(`Api${round}`) } });
      // Both reach book_stay and queue on the nights' row locks (held here meanwhile), first one and then the other; then they race.
      const racing = await withNightsLocked(attic().id, stay, async (queued) => {
        const first = round % 2 === 0 ? makeDesk() : makeApi();
        await queued(1);
        const second = round % 2 === 0 ? makeApi() : makeDesk();
        await queued(2);
        const [desk, partner] = (round % 2 === 0 ? [first, second] : [second, first]) as [ReturnType<typeof makeDesk>, ReturnType<typeof makeApi>];
        return { settled: Promise.allSettled([desk, partner]) };
      });
      const [desk, partner] = await racing.settled;
      const deskWon = desk.status === "fulfilled";
      const apiWon = partner.status === "fulfilled" && partner.value.status === 201;
      expect([deskWon, apiWon].filter(Boolean), `round ${round}`).toHaveLength(1);
      if (!deskWon) expect(isDomainError((desk as PromiseRejectedResult).reason, "no_availability")).toBe(true);
      if (!apiWon) expect(partner.status === "fulfilled" && partner.value.body.code).toBe("no_availability");
      winners.push(deskWon ? "desk" : "api");

      const nights = await database().db.roomNight.findMany({ where: { roomTypeId: attic().id, date: { in: [toDbDate(checkin), toDbDate(addDays(checkin, 1))] } } });
      expect(nights.map((night) => night.roomsSold)).toEqual([1, 1]);
      const made = await database().db.booking.findMany({ where: { roomTypeId: attic().id, checkin: toDbDate(checkin) }, select: { source: true, staffUserId: true, apiKeyId: true } });
      expect(made).toEqual([
        deskWon ? { source: "desk", staffUserId: maria.staffUserId, apiKeyId: null } : { source: "api", staffUserId: null, apiKeyId: hotel.writeKey!.id },
      ]);
    }
    // The first to queue for the lock gets the room: desk and API alike.
    expect(winners).toEqual(["desk", "api", "desk", "api", "desk", "api"]);
    expect((await checkInvariants(database().db, { propertySlug: hotel.property.slug })).violations).toEqual([]);
  });

  it("writes the same booking.created event as an API booking, with source desk, and queues the guest's e-mail", async () => {
    const { db } = database();
    const checkin = addDays(hotel.today, 5);
    const { booking } = await deskBooking({ roomTypeId: double().id, checkin, checkout: addDays(checkin, 3), adults: 2, guest: guest("Rosa") });
    expect(booking).toMatchObject({ source: "desk", status: "confirmed", guest: guest("Rosa"), price: { amount: 36_000, currency: "EUR" } });
    expect(booking).not.toHaveProperty("guestPhone");
    expect(booking).not.toHaveProperty("staffNote");

    const [event] = await db.event.findMany({ where: { bookingId: booking.id } });
    expect(event).toMatchObject({ type: "booking.created", data: { booking } });
    const [{ queued }] = await db.$queryRaw<[{ queued: number }]>`SELECT count(*)::int AS queued FROM graphile_worker.jobs WHERE key = ${`dispatch-event:${event!.id}`}`;
    expect(queued).toBe(1);
    // What the worker does with the job: the guest's e-mail, to the booking's address, and its send job.
    await dispatchEvent({ db, clock: systemClock, mailEnabled: true }, event!.id);
    const emails = await db.guestEmail.findMany({ where: { eventId: event!.id } });
    expect(emails).toMatchObject([{ recipient: "rosa.costa@example.com", status: "pending" }]);
    const [{ sends }] = await db.$queryRaw<[{ sends: number }]>`SELECT count(*)::int AS sends FROM graphile_worker.jobs WHERE key = ${`send-guest-email:${emails[0]!.id}`}`;
    expect(sends).toBe(1);
  });

  it("made twice with one key (a double submit) is one booking, the second a replay; other details with the key are refused", async () => {
    const { db } = database();
    const checkin = addDays(hotel.today, 8);
    const input = { roomTypeId: double().id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: guest("Iris") };
    const [first, second] = await Promise.all([deskBooking(input, "desk-form-1"), deskBooking(input, "desk-form-1")]);
    expect(second.booking.id).toBe(first.booking.id);
    expect([first.kind, second.kind].sort()).toEqual(["created", "replayed"]);
    expect(await db.booking.count({ where: { guestEmail: input.guest.email } })).toBe(1);
    expect(await db.event.count({ where: { bookingId: first.booking.id } })).toBe(1);

    const otherNote = createBooking(db, { property: hotel.property, input, actor: deskActor(maria), desk: { guestPhone: null, staffNote: "Another note" }, idempotencyKey: "desk-form-1" }).then(unlessRefused);
    await expect(otherNote).rejects.toMatchObject({ code: "idempotency_key_reused", details: { bookingId: first.booking.id } });
  });

  it("keeps the staff member, the phone and the note for the panel; the partner API shows it with source desk and without them", async () => {
    const { db } = database();
    const checkin = addDays(hotel.today, 11);
    const { booking } = await deskBooking({ roomTypeId: double().id, checkin, checkout: addDays(checkin, 2), adults: 2, guest: guest("Lia") });
    const row = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(row).toMatchObject({ source: "desk", staffUserId: maria.staffUserId, apiKeyId: null, guestPhone: "+351 912 345 678", staffNote: "Arrives late, after 22:00." });

    const read = await api("GET", `/bookings/${booking.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(booking);
    expect(read.body.source).toBe("desk");
    expect(JSON.stringify(read.body)).not.toMatch(/912|Arrives late/);
    const listed = await api("GET", `/bookings?reference=${booking.reference}`, { key });
    expect(listed.body.data).toEqual([booking]);

    const history = await listBookingHistory(db, { propertyId: hotel.property.id, bookingId: booking.id });
    expect(history).toMatchObject([{ kind: "created", by: "Desk · Maria Silva" }]);
  });

  it("is a booking like any other for the API: it can be cancelled there, and the API's own bookings are source api", async () => {
    const checkin = addDays(hotel.today, 14);
    const { booking } = await deskBooking({ roomTypeId: double().id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: guest("Nina") });
    const cancelled = await api("POST", `/bookings/${booking.id}/cancel`, { key, body: { reason: "Called back" } });
    expect(cancelled.body).toMatchObject({ id: booking.id, source: "desk", status: "cancelled" });

    const made = await api("POST", "/bookings", { key, body: { roomTypeId: double().id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: guest("Otto") } });
    expect(made.status).toBe(201);
    expect(made.body.source).toBe("api");
  });

  it("still names the desk, without a name, once its staff member is deleted", async () => {
    const { db } = database();
    const leaving = await seedStaff(db, hotel.property.id, { email: "temp@desk-inn.example", name: "Tom Temp" });
    const checkin = addDays(hotel.today, 17);
    const { booking } = unlessRefused(await createBooking(db, {
      property: hotel.property,
      input: { roomTypeId: double().id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: guest("Pia") },
      actor: deskActor({ staffUserId: leaving.id, name: "Tom Temp", email: leaving.email }),
    }));
    expect((await listBookingHistory(db, { propertyId: hotel.property.id, bookingId: booking.id }))[0]).toMatchObject({ by: "Desk · Tom Temp" });
    await db.staffUser.delete({ where: { id: leaving.id } });
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { source: true, staffUserId: true } })).toEqual({ source: "desk", staffUserId: null });
    expect((await listBookingHistory(db, { propertyId: hotel.property.id, bookingId: booking.id }))[0]).toMatchObject({ by: "Desk" });
  });
});
