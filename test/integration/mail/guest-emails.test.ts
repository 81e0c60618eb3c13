import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { verifyManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { listGuestEmails } from "@/lib/mail/list-guest-emails";
import { MAX_GUEST_EMAILS_PER_HOUR, RATE_LIMITED } from "@/lib/mail/queue-guest-email";
import { setGuestEmailsEnabled } from "@/lib/properties/set-guest-emails-enabled";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { setupTestDatabase } from "../../support/database";
import { waitForQueueDrained } from "../../support/job-queue";
import { startMailWorker, type MailWorker } from "../../support/mail-worker";
import { partnerFixture } from "../../support/partner-fixtures";
import { TEST_SESSION_SECRET } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { listTestMailbox } from "@/lib/test-mode/test-mailbox";
import { openTestTwin } from "@/lib/test-mode/test-twin";

/**
 * The hotel's e-mails to guests, end to end: the outbox, the real queue worker, nodemailer
 * and a real SMTP server (smtp-server) started here, on a fixed port so it can go down and
 * come back.
 */
const database = setupTestDatabase();
let mail: MailWorker;
let guestSite: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  guestSite = await partnerFixture(database().db, { name: "Guest Site Hotel" });
  mail = await startMailWorker(database(), {
    schedule: Array(10).fill(300),
    refuseRefused: true,
    manageUrl: guestSiteManageUrl({ db: database().db, partnerApiKey: guestSite.readKey.key, publicBaseUrl: "https://hotel.test", sessionSecret: TEST_SESSION_SECRET }),
  });
});

afterAll(() => mail?.stop());

const book = (hotel: typeof guestSite, email: string) =>
  createBooking(database().db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { firstName: "Ana", lastName: "Silva", email } }, actor: TEST_ACTOR }).then(unlessRefused);
const mailTo = (email: string) => mail.mailTo(email);
/** Every job the bookings set off has run: what the SMTP server has now is all it will get. */
const allSent = () => waitForQueueDrained(database().db);

describe("guest e-mails", () => {
  it("confirms a booking with a manage link that opens it, and tells of its cancellation", async () => {
    const { booking } = await book(guestSite, "ana@guest.test");
    const [confirmation] = await waitFor(() => mailTo("ana@guest.test").length === 1 && mailTo("ana@guest.test"));
    expect(confirmation!.subject).toBe(`Your booking at Guest Site Hotel is confirmed – ${booking.reference}`);
    expect(confirmation!.from?.value).toEqual([{ name: "Guest Site Hotel", address: "bookings@hotel.test" }]);
    expect(confirmation!.html).toBeTruthy();
    const link = /https:\/\/hotel\.test\/manage\/(\S+)/.exec(confirmation!.text ?? "");
    expect(link).not.toBeNull();
    expect(verifyManageBookingToken(link![1]!, TEST_SESSION_SECRET)).toBe(booking.id);

    unlessRefused(await cancelBooking(database().db, { actor: TEST_ACTOR, property: guestSite.property, bookingId: booking.id, reason: "Plans changed" }));
    const [, cancellation] = await waitFor(() => mailTo("ana@guest.test").length === 2 && mailTo("ana@guest.test"));
    expect(cancellation!.subject).toBe(`Your booking at Guest Site Hotel is cancelled – ${booking.reference}`);
    expect(cancellation!.text).toContain("Plans changed");
  });

  it("speaks with the hotel as it is when sent: its new name, contact and times (Settings › Property), replies going to its address", async () => {
    const renamed = await partnerFixture(database().db, { name: "Before Rename Hotel" });
    await updatePropertySettings(database().db, {
      propertyId: renamed.property.id,
      name: "After Rename Hotel",
      contactEmail: "desk@after-rename.example",
      contactPhone: "+351 21 123 4567",
      checkInFrom: "14:00",
      checkOutUntil: "10:30",
      actor: TEST_ACTOR,
    });
    const { booking } = await book(renamed, "cleo@guest.test");
    const [message] = await waitFor(() => mailTo("cleo@guest.test").length === 1 && mailTo("cleo@guest.test"));
    expect(message!.subject).toBe(`Your booking at After Rename Hotel is confirmed – ${booking.reference}`);
    expect(message!.from?.value).toEqual([{ name: "After Rename Hotel", address: "bookings@hotel.test" }]);
    expect(message!.replyTo?.value).toEqual([{ name: "", address: "desk@after-rename.example" }]);
    expect(message!.text).toMatch(/^Check-in: .*, from 14:00$/m);
    expect(message!.text).toMatch(/^Check-out: .*, until 10:30$/m);
    expect(message!.text).toContain("Questions about your stay? Write to desk@after-rename.example or call +351 21 123 4567.");
    expect(message!.text).not.toContain("Before Rename Hotel");
  });

  it("another property's e-mail carries the reference and the hotel's name, no link; a property with e-mails off sends none", async () => {
    const other = await partnerFixture(database().db, { name: "Elsewhere Hotel" });
    const quiet = await partnerFixture(database().db, { name: "Quiet Hotel" });
    await setGuestEmailsEnabled(database().db, { propertyId: quiet.property.id, enabled: false, actor: { label: "test" } });
    await book(quiet, "quiet@guest.test");
    const { booking } = await book(other, "bo@guest.test");
    const [message] = await waitFor(() => mailTo("bo@guest.test").length === 1 && mailTo("bo@guest.test"));
    expect(message!.text).toContain(booking.reference);
    expect(message!.text).toContain("Elsewhere Hotel");
    expect(message!.text).not.toContain("/manage/");
    // The other booking's e-mail may come before the quiet one's event is dispatched: both done now.
    await allSent();
    expect(mailTo("quiet@guest.test")).toEqual([]);
    expect(await database().db.guestEmail.count({ where: { propertyId: quiet.property.id } })).toBe(0);
  });

  it("keeps a test booking's e-mails in the test mailbox, rendered as live ones, and hands none to SMTP", async () => {
    const live = await partnerFixture(database().db, { name: "Mailbox Hotel" });
    const twin = await openTestTwin(database().db, live.property.id);
    const roomType = await database().db.roomType.findFirstOrThrow({ where: { propertyId: twin.id }, orderBy: { basePrice: "desc" } });
    const { booking } = unlessRefused(await createBooking(database().db, {
      property: twin,
      input: { roomTypeId: roomType.id, ...live.stay, adults: 1, guest: { firstName: "Tess", lastName: "Ting", email: "test-mode@guest.test" } },
      actor: TEST_ACTOR,
    }));
    unlessRefused(await cancelBooking(database().db, { actor: TEST_ACTOR, property: twin, bookingId: booking.id }));
    const kept = await waitFor(async () => {
      const messages = await listTestMailbox(database().db, twin.id);
      return messages.length === 2 && messages;
    });
    expect(booking.reference).toMatch(/^TEST-MH-/);
    expect(kept.map((m) => m.subject)).toEqual([`Your booking at Mailbox Hotel is cancelled – ${booking.reference}`, `Your booking at Mailbox Hotel is confirmed – ${booking.reference}`]);
    expect(kept[1]).toMatchObject({ to: "test-mode@guest.test", from: '"Mailbox Hotel" <bookings@hotel.test>', text: expect.stringContaining(booking.reference), html: expect.stringContaining("Mailbox Hotel") });
    const records = await listGuestEmails(database().db, { propertyId: twin.id, bookingId: booking.id });
    expect(records.map((record) => [record.eventType, record.status]).sort()).toEqual([
      ["booking.cancelled", "succeeded"],
      ["booking.created", "succeeded"],
    ]);
    // A live booking made after them reaches the SMTP server; the test ones never did.
    await book(live, "after-test@guest.test");
    await waitFor(() => mailTo("after-test@guest.test").length === 1);
    expect(mailTo("test-mode@guest.test")).toEqual([]);
  });

  it("waits out a mail server that is down and delivers when it is back", async () => {
    await mail.stopSmtp();
    const { booking } = await book(guestSite, "patient@guest.test");
    const failing = await waitFor(() => database().db.guestEmail.findFirst({ where: { recipient: "patient@guest.test", attempts: { gte: 2 } } }), { what: "failed attempts" });
    expect(failing.status).toBe("pending");
    expect(failing.lastError).toMatch(/^failed: /);
    await mail.startSmtp();
    const [message] = await waitFor(() => mailTo("patient@guest.test").length === 1 && mailTo("patient@guest.test"), { what: "the late e-mail" });
    expect(message!.subject).toContain(booking.reference);
    // The sink has the message a moment before the worker records the success.
    await waitFor(() => database().db.guestEmail.findFirst({ where: { recipient: "patient@guest.test", status: "succeeded" } }), { what: "the success recorded" });
  });

  it("does not retry a refusal for good (SMTP 5xx), and shows it", async () => {
    const { booking } = await book(guestSite, "refused@guest.test");
    const refused = await waitFor(() => database().db.guestEmail.findFirst({ where: { recipient: "refused@guest.test", status: "failed" } }));
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(/^refused: .*550/);
    // What the panel's booking page shows.
    expect(await listGuestEmails(database().db, { propertyId: guestSite.property.id, bookingId: booking.id })).toEqual([
      { eventType: "booking.created", status: "failed", attempts: 1, sentAt: null, nextAttemptAt: null, lastError: refused.lastError },
    ]);
  });

  it(`sends at most ${MAX_GUEST_EMAILS_PER_HOUR} e-mails an hour to one guest of one property`, async () => {
    const hotel = await partnerFixture(database().db, { name: "Limit Hotel", roomTypes: [{ name: "Room", description: "", maxAdults: 2, rooms: 10, basePrice: 5_000 }] });
    for (let i = 0; i <= MAX_GUEST_EMAILS_PER_HOUR; i++) await book(hotel, "many@guest.test");
    await waitFor(() => mailTo("many@guest.test").length === MAX_GUEST_EMAILS_PER_HOUR);
    const records = await waitFor(async () => {
      const rows = await database().db.guestEmail.findMany({ where: { propertyId: hotel.property.id } });
      return rows.length === MAX_GUEST_EMAILS_PER_HOUR + 1 && rows;
    });
    expect(records.filter((row) => row.lastError === RATE_LIMITED)).toHaveLength(1);
    await allSent();
    expect(mailTo("many@guest.test")).toHaveLength(MAX_GUEST_EMAILS_PER_HOUR);
  });
});
