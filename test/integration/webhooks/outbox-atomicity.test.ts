import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { describe, expect, it } from "vitest";
import { createBooking } from "@/lib/bookings/create-booking";
import { setupTestDatabase } from "../../support/database";
import { partnerFixture } from "../../support/partner-fixtures";

/**
 * The outbox under a failing transaction: a booking that fails at commit, after its event and
 * its job were written, leaves neither behind (nothing is announced that did not happen).
 */
const database = setupTestDatabase();

const countJobs = async () => (await database().db.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM graphile_worker.jobs`)[0].n;

describe("the outbox", () => {
  it("keeps no event and no job of a booking whose transaction fails at commit", async () => {
    const { db } = database();
    // A deferred constraint trigger fails the transaction at COMMIT, after every insert of it.
    await db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_guest_named_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.guest_last_name = 'Fail' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`
      CREATE CONSTRAINT TRIGGER refuse_fail_at_commit AFTER INSERT ON bookings
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_guest_named_fail()`);
    const hotel = await partnerFixture(db, { name: "Atomic Inn" });
    const input = { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1 };
    const [eventsBefore, jobsBefore] = [await db.event.count(), await countJobs()];

    await expect(createBooking(db, { property: hotel.property, input: { ...input, guest: { firstName: "Ana", lastName: "Fail", email: "a@example.com" } }, actor: TEST_ACTOR }).then(unlessRefused)).rejects.toThrow();
    expect(await db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(0);
    expect([await db.event.count(), await countJobs()]).toEqual([eventsBefore, jobsBefore]);

    const made = unlessRefused(await createBooking(db, { property: hotel.property, input: { ...input, guest: { firstName: "Ana", lastName: "Fine", email: "a@example.com" } }, actor: TEST_ACTOR }));
    expect(await db.event.findMany({ where: { bookingId: made.booking.id }, select: { type: true } })).toEqual([{ type: "booking.created" }]);
    expect(await countJobs()).toBe(jobsBefore + 1);
  });

  it("queues a dispatch job only when something would come of it: a webhook endpoint, or guest e-mails on", async () => {
    const { db } = database();
    const hotel = await partnerFixture(db, { name: "Silent Inn" });
    await db.property.update({ where: { id: hotel.property.id }, data: { guestEmailsEnabled: false } });
    const book = (lastName: string) =>
      createBooking(db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { firstName: "Ana", lastName, email: "a@example.com" } }, actor: TEST_ACTOR }).then(unlessRefused);
    const jobsFor = async (bookingId: string) =>
      (await db.$queryRaw<[{ n: number }]>`
        SELECT count(*)::int AS n FROM graphile_worker.jobs j JOIN events e ON j.key = 'dispatch-event:' || e.id WHERE e.booking_id = ${bookingId}`)[0].n;

    const quiet = await book("Quiet");
    expect(await db.event.count({ where: { bookingId: quiet.booking.id } })).toBe(1);
    expect(await jobsFor(quiet.booking.id)).toBe(0);

    await db.webhookEndpoint.create({ data: { id: "whe_0000000000000000000a", propertyId: hotel.property.id, url: "https://h.example.com/x", events: ["booking.created"], secretCiphertext: "v1.x" } });
    const heard = await book("Heard");
    expect(await jobsFor(heard.booking.id)).toBe(1);
  });
});
