import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { systemClock } from "@/lib/clock";
import { dispatchEvent } from "@/lib/jobs/dispatch-event";
import { guestWords } from "@/lib/i18n/guest-words";

const formatEmailDate = guestWords("en").stayDate;
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { listGuestEmails } from "@/lib/mail/list-guest-emails";
import { setupTestDatabase } from "../../support/database";
import { waitForQueueDrained } from "../../support/job-queue";
import { startMailWorker, type MailWorker } from "../../support/mail-worker";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { TEST_SESSION_SECRET } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * "Your booking has changed", end to end: a change through PATCH /partner/v1/bookings/{id},
 * its booking.changed event, the real queue worker, nodemailer and a real SMTP server
 * (smtp-server) started here.
 */
const database = setupTestDatabase();
let mail: MailWorker;
let hotel: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  useDatabaseForRoutes(database().url);
  // Double at 120.00 a night (2 adults), Single at 80.00 (1 adult).
  hotel = await partnerFixture(database().db, { name: "Change Hotel" });
  mail = await startMailWorker(database(), {
    manageUrl: guestSiteManageUrl({ db: database().db, partnerApiKey: hotel.readKey.key, publicBaseUrl: "https://hotel.test", sessionSecret: TEST_SESSION_SECRET }),
  });
});

afterAll(() => mail?.stop());

const mailTo = (email: string) => mail.mailTo(email);
/** Every job the changes set off has run: what the SMTP server has now is all it will get. */
const allSent = () => waitForQueueDrained(database().db);

async function book(email: string) {
  const booked = await api("POST", "/bookings", {
    key: hotel.writeKey!.key,
    body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { firstName: "Ana", lastName: "Silva", email } },
  });
  expect(booked.status).toBe(201);
  await waitFor(() => mailTo(email).length === 1, { what: "the confirmation" });
  return booked.body as { id: string; reference: string; checkout: string; price: { amount: number } };
}

const change = (bookingId: string, body: unknown) => api("PATCH", `/bookings/${bookingId}`, { key: hotel.writeKey!.key, body });

/** The booking's newest event, once the worker has dispatched it (its dispatch job is done and gone). */
async function dispatchedChange(bookingId: string) {
  const event = await database().db.event.findFirstOrThrow({ where: { bookingId, type: "booking.changed" }, orderBy: { sequence: "desc" } });
  await waitFor(
    async () => (await database().db.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`dispatch-event:${event.id}`}`)[0].n === 0,
    { what: "the change's dispatch" },
  );
  return event;
}

describe("the booking changed e-mail", () => {
  it("goes once to the new address with the new stay, the room type it was and the difference in price", async () => {
    const booking = await book("before@guest.test");
    const checkout = addDays(hotel.stay.checkout, 1);
    const changed = await change(booking.id, { checkout, roomTypeId: hotel.roomTypes[1]!.id, guest: { email: "after@guest.test" } });
    expect(changed.status).toBe(200);
    // 3 nights of Double at 120.00 → 4 nights of Single at 80.00.
    expect([booking.price.amount, changed.body.price.amount]).toEqual([36_000, 32_000]);

    const [message] = await waitFor(() => mailTo("after@guest.test").length === 1 && mailTo("after@guest.test"), { what: "the change's e-mail" });
    expect(message!.subject).toBe(`Your booking at Change Hotel has changed – ${booking.reference}`);
    expect(message!.from?.value).toEqual([{ name: "Change Hotel", address: "bookings@hotel.test" }]);
    const text = message!.text ?? "";
    expect(text).toContain(`Check-in: ${formatEmailDate(hotel.stay.checkin)}, from 15:00\n`);
    expect(text).toContain(`Check-out: ${formatEmailDate(checkout)}, until 11:00 (was ${formatEmailDate(hotel.stay.checkout)})`);
    expect(text).toContain("Nights: 4 nights (was 3 nights)");
    expect(text).toContain("Room: Single (was Double)");
    expect(text).toContain("Total price: €320.00 (was €360.00)");
    expect(text).toContain("Price difference: \u2212 €40.00");
    expect(text).toContain("Guest: Ana Silva, after@guest.test (updated)");
    expect(text).toMatch(/View, change or cancel your booking: https:\/\/hotel\.test\/manage\/\S+/);
    expect(message!.html).toContain("\u2212 €40.00");

    // Once per event: a second dispatch of the same event sends nothing more.
    const event = await dispatchedChange(booking.id);
    await dispatchEvent({ db: database().db, clock: systemClock, mailEnabled: true }, event.id);
    await allSent();
    expect(mailTo("after@guest.test")).toHaveLength(1);
    expect(await database().db.guestEmail.count({ where: { eventId: event.id } })).toBe(1);
    // The old address had the confirmation only.
    expect(mailTo("before@guest.test").map((mail) => mail.subject)).toEqual([`Your booking at Change Hotel is confirmed – ${booking.reference}`]);
    // What the panel's booking page lists.
    await waitFor(async () => (await database().db.guestEmail.findUniqueOrThrow({ where: { eventId: event.id } })).status === "succeeded");
    expect((await listGuestEmails(database().db, { propertyId: hotel.property.id, bookingId: booking.id })).map((email) => [email.eventType, email.status])).toEqual([
      ["booking.created", "succeeded"],
      ["booking.changed", "succeeded"],
    ]);
  });

  it("sends nothing for a change of the partner's externalReference alone, and does for the next change the guest can see", async () => {
    const booking = await book("quiet-change@guest.test");
    expect((await change(booking.id, { externalReference: "PARTNER-42" })).status).toBe(200);
    const quiet = await dispatchedChange(booking.id);
    expect(quiet.data).toMatchObject({ previous: { externalReference: null } });
    expect(Object.keys((quiet.data as { previous: object }).previous)).toEqual(["externalReference"]);
    expect(await database().db.guestEmail.count({ where: { eventId: quiet.id } })).toBe(0);

    expect((await change(booking.id, { adults: 2, externalReference: null })).status).toBe(200);
    const [, message] = await waitFor(() => mailTo("quiet-change@guest.test").length === 2 && mailTo("quiet-change@guest.test"), { what: "the visible change's e-mail" });
    expect(message!.text).toContain("Guests: 2 adults (was 1 adult)");
    expect(message!.text).toContain("Price difference: no change");
    expect(message!.text).not.toContain("PARTNER-42");
    await allSent();
    expect(mailTo("quiet-change@guest.test")).toHaveLength(2);
  });
});
