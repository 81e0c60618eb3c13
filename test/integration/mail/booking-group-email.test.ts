import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { addDays } from "@/lib/dates/calendar-date";
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { setupTestDatabase } from "../../support/database";
import { waitForQueueDrained } from "../../support/job-queue";
import { startMailWorker, type MailWorker } from "../../support/mail-worker";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { TEST_SESSION_SECRET } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * A booking group's e-mail, end to end: POST /booking-groups, each room's booking.created, the
 * real queue worker, nodemailer and a real SMTP server: one e-mail to the booker telling every
 * room (its party, price and terms), none to the rooms' own guests, in the booker's language.
 */
const database = setupTestDatabase();
let mailWorker: MailWorker;
let hotel: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Group Hotel" });
  await database().db.roomType.update({ where: { id: hotel.roomTypes[0]!.id }, data: { maxChildren: 1, maxOccupancy: 3 } });
  mailWorker = await startMailWorker(database(), {
    manageUrl: guestSiteManageUrl({ db: database().db, partnerApiKey: hotel.readKey.key, publicBaseUrl: "https://hotel.test", sessionSecret: TEST_SESSION_SECRET }),
  });
});

afterAll(() => mailWorker?.stop());

const mailTo = (email: string) => mailWorker.mailTo(email);

describe("a booking group's e-mail", () => {
  it("is one e-mail to the booker, in the booker's language, telling each room with its party, price and terms; the rooms' own guests get none", async () => {
    const booker = { firstName: "Lena", lastName: "Weber", email: "lena.weber@example.com", language: "de" };
    const friend = { firstName: "Jonas", lastName: "Weber", email: "jonas.weber@example.com" };
    const made = await api("POST", "/booking-groups", {
      key: hotel.writeKey!.key,
      body: {
        booker,
        rooms: [
          { roomTypeId: hotel.roomTypes[0]!.id, adults: 2, childrenAges: [6] },
          { roomTypeId: hotel.roomTypes[1]!.id, adults: 1, guest: friend },
        ],
        ...hotel.stay,
      },
    });
    expect(made.status, made.text).toBe(201);
    const group = made.body;
    await waitFor(() => mailTo(booker.email).length === 1, { what: "the group's e-mail" });
    // Both rooms' events are dispatched before anything more could come.
    await waitForQueueDrained(database().db);
    expect(mailTo(booker.email)).toHaveLength(1);
    expect(mailTo(friend.email)).toHaveLength(0);
    const [mail] = mailTo(booker.email);
    expect(mail!.subject).toBe(`Ihre Buchung im Group Hotel ist bestätigt – ${group.reference}`);
    const text = mail!.text!;
    expect(text).toContain("Guten Tag Lena,");
    expect(text).toContain("Ihre 2 Zimmer sind bestätigt");
    expect(text).toContain("Zimmer 1 von 2");
    expect(text).toContain("Zimmer 2 von 2");
    for (const room of group.bookings) expect(text).toContain(room.reference);
    expect(text).toContain("Jonas Weber, jonas.weber@example.com");
    expect(text).toMatch(/2 Erwachsene, 1 Kind \(6\)/);
    // One manage link, to the group's page (every room), in the booker's language.
    const link = /https:\/\/hotel\.test\/manage\/([^?\s]+)\?lang=de/.exec(text);
    expect(link, text).not.toBeNull();
    expect(verifyManageBookingToken(link![1]!, TEST_SESSION_SECRET, "grp")).toBe(group.id);
    expect(await database().db.guestEmail.count({ where: { propertyId: hotel.property.id } })).toBe(1);
  });
  it("a group's cancel is one e-mail to the booker naming each cancelled room; a room cancelled alone tells its own guest", async () => {
    const booker = { firstName: "Ana", lastName: "Costa", email: "ana.costa@example.com" };
    const friend = { firstName: "Rita", lastName: "Costa", email: "rita.costa@example.com" };
    const key = hotel.writeKey!.key;
    const room = { roomTypeId: hotel.roomTypes[1]!.id, adults: 1 };
    const stay = { checkin: hotel.stay.checkout, checkout: addDays(hotel.stay.checkout, 2) };
    const group = (await api("POST", "/booking-groups", { key, body: { booker, rooms: [room, { ...room, guest: friend }, room], ...stay } })).body;
    await waitFor(() => mailTo(booker.email).length === 1, { what: "the group's confirmation" });

    // Room 2 alone: its own guest hears of it.
    expect((await api("POST", `/bookings/${group.bookings[1].id}/cancel`, { key })).status).toBe(200);
    await waitFor(() => mailTo(friend.email).length === 1, { what: "the room's cancellation" });
    // Then the group: the two rooms left, in one e-mail to the booker.
    expect((await api("POST", `/booking-groups/${group.id}/cancel`, { key, body: { reason: "Flight cancelled" } })).status).toBe(200);
    await waitFor(() => mailTo(booker.email).length === 2, { what: "the group's cancellation" });
    await waitForQueueDrained(database().db);
    expect(mailTo(booker.email)).toHaveLength(2);
    expect(mailTo(friend.email)).toHaveLength(1);
    const cancelled = mailTo(booker.email)[1]!;
    expect(cancelled.subject).toBe(`Your booking at Group Hotel is cancelled – ${group.reference}`);
    expect(cancelled.text).toContain("Your 2 rooms at Group Hotel have been cancelled");
    expect(cancelled.text).toContain(group.bookings[0].reference);
    expect(cancelled.text).toContain(group.bookings[2].reference);
    expect(cancelled.text).not.toContain(group.bookings[1].reference);
    expect(cancelled.text).toContain("Flight cancelled");
  });
});
