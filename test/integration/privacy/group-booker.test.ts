import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBookingGroup } from "@/lib/bookings/cancel-booking-group";
import { createBookingGroup } from "@/lib/bookings/create-booking-group";
import { addDays } from "@/lib/dates/calendar-date";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { eraseGuest } from "@/lib/privacy/erase-guest";
import { exportGuestData } from "@/lib/privacy/export-guest-data";
import { findGuestBookings } from "@/lib/privacy/guest-bookings";
import { propertyToday } from "@/lib/properties/property-today";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { rowsHolding } from "../../support/rows-holding";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startTestWorker, testMail, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * A guest who booked a group of rooms for others and stays in none of them (issue 40): their data
 * sits on the group and in the e-mails sent to them, not on any room. Export finds the groups;
 * erasure anonymises the booker of every group whose stay has ended, scrubs the e-mails to them,
 * leaves the rooms' own guests as they are, and refuses (naming it) a group not ended.
 */
const database = setupTestDatabase();
let sink: SmtpSink;
let worker: RunningWorker;
let receiver: LocalWebhookServer;

beforeAll(async () => {
  receiver = await startLocalWebhookServer();
  sink = await startSmtpSink();
  worker = await startTestWorker(database(), {
    mail: testMail(sink.url),
  });
});

afterAll(async () => {
  await worker?.stop();
  await sink?.close();
  await receiver?.close();
});

describe("erasing a group's booker", { timeout: 60_000 }, () => {
  it("exports the groups they booked, then erases them from the ended ones and refuses the others", async () => {
    const { db } = database();
    const { property, roomTypes } = await seedProperty(db, { name: "Booker Inn", roomTypes: [{ name: "Double", maxAdults: 2, rooms: 6, basePrice: 12_000 }] });
    const today = propertyToday(property);
    const tag = randomBytes(4).toString("hex");
    const booker = { firstName: `Zorblax${tag}`, lastName: `Quibbleton${tag}`, email: `zorblax.${tag}@example.com`, language: "de" };
    const rui = { firstName: "Rui", lastName: "Silva", email: `rui.${tag}@example.com` };
    const ines = { firstName: "Ines", lastName: "Costa", email: `ines.${tag}@example.com` };
    const bookGroup = async (offset: number) =>
      unlessRefused(
        await createBookingGroup(db, {
          property,
          actor: TEST_ACTOR,
          input: {
            booker,
            rooms: [{ roomTypeId: roomTypes[0]!.id, adults: 2, guest: rui }, { roomTypeId: roomTypes[0]!.id, adults: 1, guest: ines }],
            checkin: addDays(today, offset),
            checkout: addDays(today, offset + 2),
          },
        }),
      ).group;
    const ended = await bookGroup(5);
    unlessRefused(await cancelBookingGroup(db, { property, groupId: ended.id, actor: TEST_ACTOR }));
    const coming = await bookGroup(9);
    // Three e-mails to the booker: the first group's booking and cancel, the second's booking.
    await waitFor(async () => (await db.guestEmail.count({ where: { recipient: booker.email, sentAt: { not: null } } })) === 3, { what: "three e-mails to the booker" });

    const exported = await exportGuestData(db, { property, email: booker.email.toUpperCase(), actor: TEST_ACTOR, way: "cli" });
    expect(exported.bookings).toEqual([]);
    expect(exported.groups.map((group) => group.reference)).toEqual([coming.reference, ended.reference]);
    const endedExport = exported.groups[1]!;
    expect(endedExport).toMatchObject({ booker, roomReferences: ended.bookings.map((room) => room.reference) });
    expect(endedExport.emails.map((email) => [email.about, email.to])).toEqual([["booking.created", booker.email], ["booking.cancelled", booker.email]]);
    expect(JSON.stringify(exported)).not.toContain(rui.email);

    const markers = [booker.firstName, booker.lastName, booker.email];
    expect(await rowsHolding(db, markers, ["booking_groups", "guest_emails"])).not.toEqual([]);

    const erasure = await eraseGuest(db, { property, email: booker.email.toUpperCase(), actor: TEST_ACTOR, way: "cli", mailboxDir: "/nonexistent" });
    expect(erasure).toEqual({ erased: [ended.reference], notEnded: [{ reference: coming.reference, checkout: addDays(today, 11) }] });
    const erasedGroup = await db.bookingGroup.findUniqueOrThrow({ where: { id: ended.id } });
    expect(erasedGroup).toMatchObject({ bookerFirstName: "Anonymised", bookerLastName: "Anonymised", bookerEmail: `anonymised-${ended.id}@invalid`, bookerLanguage: null });
    // Only the group not ended still holds the booker: its row and the e-mail about it.
    const left = await rowsHolding(db, markers, ["booking_groups", "guest_emails"]);
    expect(left.map((row) => row.split(":")[0]).sort()).toEqual(["public.booking_groups", "public.guest_emails"]);
    expect(left.find((row) => row.startsWith("public.booking_groups"))).toContain(coming.id);
    // The rooms' guests are theirs: each still has their bookings, the ended group's among them.
    expect((await findGuestBookings(db, property.id, rui.email)).map((booking) => booking.reference).sort()).toEqual(
      [ended.bookings[0]!.reference, coming.bookings[0]!.reference].sort(),
    );
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId: property.id, action: "guest_anonymised" } });
    expect(audit.details).toMatchObject({ way: "cli", bookings: 0, bookerOfGroupIds: [ended.id] });

    // Once the second group's stay is over (cancelled here), asking again erases the booker everywhere.
    unlessRefused(await cancelBookingGroup(db, { property, groupId: coming.id, actor: TEST_ACTOR }));
    await waitFor(async () => (await db.guestEmail.count({ where: { recipient: booker.email } })) === 2, { what: "the cancel's e-mail" });
    expect(await eraseGuest(db, { property, email: booker.email, actor: TEST_ACTOR, way: "cli", mailboxDir: "/nonexistent" })).toEqual({ erased: [coming.reference], notEnded: [] });
    expect(await rowsHolding(db, markers)).toEqual([]);
    expect(await eraseGuest(db, { property, email: booker.email, actor: TEST_ACTOR, way: "cli", mailboxDir: "/nonexistent" })).toEqual({ erased: [], notEnded: [] });
  });

  it("tells partners: booking_group.anonymised, signed, with the group's ids only, for a booker erased alone and with the group's last room", async () => {
    const { db } = database();
    const { property, roomTypes } = await seedProperty(db, { name: "Booker Events Inn", roomTypes: [{ name: "Double", maxAdults: 2, rooms: 6, basePrice: 12_000 }] });
    // An endpoint made without `events`: the erasures are among what it gets.
    const { secret } = await createWebhookEndpoint(db, { propertyId: property.id, endpoint: { url: `${receiver.url}/hooks` }, actor: TEST_ACTOR, allowPrivateUrls: true, secretBox: testSecretBox });
    const today = propertyToday(property);
    const tag = randomBytes(4).toString("hex");
    const booker = { firstName: `Zorblax${tag}`, lastName: `Quibbleton${tag}`, email: `zorblax.${tag}@example.com` };
    const bookGroup = async (offset: number, rooms: { email: string }[]) => {
      const input = {
        booker,
        rooms: rooms.map((guest, i) => ({ roomTypeId: roomTypes[0]!.id, adults: 1, guest: { firstName: `Guest${i}`, lastName: tag, email: guest.email } })),
        checkin: addDays(today, offset),
        checkout: addDays(today, offset + 2),
      };
      const { group } = unlessRefused(await createBookingGroup(db, { property, actor: TEST_ACTOR, input }));
      unlessRefused(await cancelBookingGroup(db, { property, groupId: group.id, actor: TEST_ACTOR }));
      return group;
    };
    const received = async (groupId: string) => {
      const delivered = await waitFor(() => receiver.requests.find((request) => request.body.includes('"booking_group.anonymised"') && request.body.includes(groupId)), {
        what: `booking_group.anonymised for ${groupId}`,
      });
      return new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>) as { id: string; type: string; mode: string; data: object };
    };

    // The booker stays in none of the rooms: erased alone.
    const alone = await bookGroup(5, [{ email: `rui.${tag}@example.com` }]);
    expect(await eraseGuest(db, { property, email: booker.email, actor: TEST_ACTOR, way: "panel", mailboxDir: "/nonexistent" })).toEqual({ erased: [alone.reference], notEnded: [] });
    const anonymisedAt = (await db.event.findFirstOrThrow({ where: { propertyId: property.id, type: "booking_group.anonymised" } })).createdAt.toISOString();
    const event = await received(alone.id);
    expect(event).toMatchObject({ type: "booking_group.anonymised", mode: "live", data: { groupId: alone.id, reference: alone.reference, anonymisedAt } });
    expect(Object.keys(event.data).sort()).toEqual(["anonymisedAt", "groupId", "reference"]);
    expect(JSON.stringify(event)).not.toContain(tag);
    // Asked again: nothing more is erased, and no second event.
    await eraseGuest(db, { property, email: booker.email, actor: TEST_ACTOR, way: "panel", mailboxDir: "/nonexistent" });
    expect(await db.event.count({ where: { propertyId: property.id, type: "booking_group.anonymised" } })).toBe(1);

    // Erasing a group's last room erases its booker with it, after the room's own event.
    const own = await bookGroup(9, [{ email: `ines.${tag}@example.com` }]);
    expect(await eraseGuest(db, { property, email: `ines.${tag}@example.com`, actor: TEST_ACTOR, way: "panel", mailboxDir: "/nonexistent" })).toEqual({ erased: [own.bookings[0]!.reference], notEnded: [] });
    expect((await received(own.id)).data).toMatchObject({ groupId: own.id, reference: own.reference });
    const order = await db.event.findMany({ where: { propertyId: property.id, type: { in: ["booking.anonymised", "booking_group.anonymised"] } }, orderBy: { sequence: "asc" }, select: { type: true, bookingId: true } });
    expect(order).toEqual([
      { type: "booking_group.anonymised", bookingId: null },
      { type: "booking.anonymised", bookingId: own.bookings[0]!.id },
      { type: "booking_group.anonymised", bookingId: null },
    ]);
    expect(await db.bookingGroup.findUniqueOrThrow({ where: { id: own.id }, select: { bookerEmail: true } })).toEqual({ bookerEmail: `anonymised-${own.id}@invalid` });
  });
});
