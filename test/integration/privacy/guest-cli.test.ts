import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { changeBooking } from "@/lib/bookings/change-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays } from "@/lib/dates/calendar-date";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty } from "@/prisma/factories";
import { jsonOfRun as json, runAdminCli } from "../../support/admin-cli";
import { setupTestDatabase } from "../../support/database";

const database = setupTestDatabase();

/**
 * The admin CLI's guest commands (issue 40): `guest export` prints everything the property holds
 * about a guest found by e-mail in any capitals; `guest erase` says what it would erase, then
 * with --yes erases the ended stays, names the others (exit 1), audits the erasure with a hash
 * of the address, and empties the development mailbox of the guest's messages.
 */
describe("admin CLI: guest export and erase", { timeout: 120_000 }, () => {
  it("exports a guest's bookings, history and e-mails, then erases the ended stays only", async () => {
    const db = database().db;
    const { property, roomTypes } = await seedProperty(db, { name: "Privacy Inn", roomTypes: [{ name: "Double", maxAdults: 2, rooms: 3, basePrice: 12_000 }] });
    const today = propertyToday(property);
    const guest = { firstName: "Greta", lastName: "Lindqvist", email: "Greta.Lindqvist@Example.com" };
    const book = async (offset: number, who = guest) =>
      unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin: addDays(today, offset), checkout: addDays(today, offset + 2), adults: 1, guest: who } })).booking;
    const past = await book(5);
    unlessRefused(await changeBooking(db, { property, actor: TEST_ACTOR, bookingId: past.id, request: { guest: { lastName: "Lindqvist-Berg" } } }));
    unlessRefused(await cancelBooking(db, { property, actor: TEST_ACTOR, bookingId: past.id }));
    const coming = await book(9);
    const other = await book(9, { firstName: "Olle", lastName: "Other", email: "olle@example.com" });

    const exported = json(await runAdminCli(database().url, ["guest", "export", "greta.lindqvist@example.com", "--property", property.slug]));
    expect(exported).toMatchObject({ email: "greta.lindqvist@example.com", property: { slug: property.slug } });
    const bookings = exported.bookings as { reference: string; guest: { lastName: string }; history: { kind: string; before: unknown }[] }[];
    expect(bookings.map((b) => b.reference).sort()).toEqual([past.reference, coming.reference].sort());
    const pastExport = bookings.find((b) => b.reference === past.reference)!;
    expect(pastExport.history.map((h) => h.kind)).toEqual(["changed", "cancelled"]);
    expect(pastExport.history[0]!.before).toMatchObject({ guest: { lastName: "Lindqvist" } });

    // The development mailbox holds a message to the guest and one to someone else.
    const dataDir = mkdtempSync(join(tmpdir(), "rb-privacy-"));
    mkdirSync(join(dataDir, "mailbox"));
    const message = (id: string, to: string) =>
      writeFileSync(join(dataDir, "mailbox", `${id}.json`), JSON.stringify({ id, receivedAt: "2026-11-27T10:00:00.000Z", from: "hotel@example.com", to, subject: "Your booking", text: "Hello", html: "<p>Hello</p>" }));
    message("20261127T100000000Z-0000000a", `Greta <${guest.email.toLowerCase()}>`);
    message("20261127T100000001Z-0000000b", "olle@example.com");

    const asked = json(await runAdminCli(database().url, ["guest", "erase", guest.email, "--property", property.slug, "--json"], "", { ROOM_BOOKING_DATA_DIR: dataDir }));
    expect(asked).toMatchObject({ erased: false });
    expect((await db.booking.findUniqueOrThrow({ where: { id: past.id } })).anonymisedAt).toBeNull();

    const run = await runAdminCli(database().url, ["guest", "erase", guest.email.toUpperCase(), "--property", property.slug, "--yes"], "", { ROOM_BOOKING_DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Erased the guest from 1 booking: ${past.reference}.`);
    expect(run.stdout).toContain(`${coming.reference} (check-out ${addDays(today, 11)})`);
    expect(await db.booking.findUniqueOrThrow({ where: { id: past.id } })).toMatchObject({ guestFirstName: "Anonymised", guestEmail: `anonymised-${past.id}@invalid` });
    expect(await db.booking.findUniqueOrThrow({ where: { id: coming.id } })).toMatchObject({ guestFirstName: "Greta", anonymisedAt: null });
    expect(await db.booking.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ guestFirstName: "Olle", anonymisedAt: null });
    expect(readdirSync(join(dataDir, "mailbox"))).toEqual(["20261127T100000001Z-0000000b.json"]);

    const [audit] = await db.auditEvent.findMany({ where: { propertyId: property.id, action: "guest_anonymised" } });
    expect(audit).toMatchObject({
      actorLabel: "admin CLI",
      details: { way: "cli", bookings: 1, bookingIds: [past.id], emailHash: createHash("sha256").update(guest.email.toLowerCase()).digest("hex") },
    });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain("greta");
    // The export is audited too: who, which way, how much, the address's hash only.
    const [exportAudit] = await db.auditEvent.findMany({ where: { propertyId: property.id, action: "guest_data_exported" } });
    expect(exportAudit).toMatchObject({ actorLabel: "admin CLI", details: { way: "cli", bookings: 2, groups: 0, emailHash: (audit!.details as { emailHash: string }).emailHash } });
    expect(JSON.stringify(exportAudit).toLowerCase()).not.toContain("greta");
  });
});
