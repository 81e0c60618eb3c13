import { describe, expect, it } from "vitest";
import { describePropertyChange } from "@/lib/audit/describe-property-change";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { isDomainError } from "@/lib/errors";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { createStaffSession, findStaffSession } from "@/lib/staff/staff-sessions";
import { requireMembership } from "@/lib/staff/staff-access";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

/** Settings › Property: what guests see of the hotel, changed by its admins, audited, validated like every other text. */
const database = setupTestDatabase();
const manager = { staffId: undefined, label: "manager@example.com" };

async function hotel(name = "Settings Inn") {
  return (await seedProperty(database().db, { name })).property;
}

const history = (propertyId: string) => listAuditEvents(database().db, { propertyId, actions: ["property_settings_updated"] });
const stored = (id: string) => database().db.property.findUniqueOrThrow({ where: { id } });

describe("updatePropertySettings", () => {
  it("starts a property with no contact and check-in from 15:00, check-out until 11:00", async () => {
    const property = await hotel();
    expect(property).toMatchObject({ contactEmail: null, contactPhone: null, checkInFrom: "15:00", checkOutUntil: "11:00" });
  });

  it("saves the name, contact and times (trimmed, 9:30 as 09:30), and records each field before → after in one audit row", async () => {
    const property = await hotel();
    const { property: saved, changed } = await updatePropertySettings(database().db, {
      propertyId: property.id,
      name: "  Settings Inn & Spa ",
      contactEmail: " Desk@Settings-Inn.example ",
      contactPhone: "+44 (0)20 7946-0958",
      checkInFrom: "14:00",
      checkOutUntil: "9:30",
      actor: manager,
    });
    expect(changed).toEqual(["name", "contactEmail", "contactPhone", "checkInFrom", "checkOutUntil"]);
    expect(saved).toMatchObject({ name: "Settings Inn & Spa", contactEmail: "Desk@Settings-Inn.example", contactPhone: "+44 (0)20 7946-0958", checkInFrom: "14:00", checkOutUntil: "09:30" });
    expect(await stored(property.id)).toMatchObject({ name: "Settings Inn & Spa", slug: property.slug, checkOutUntil: "09:30" });

    const [row, ...others] = await history(property.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ action: "property_settings_updated", actorLabel: "manager@example.com" });
    expect(row!.details).toEqual({
      changes: {
        name: { from: "Settings Inn", to: "Settings Inn & Spa" },
        contactEmail: { from: null, to: "Desk@Settings-Inn.example" },
        contactPhone: { from: null, to: "+44 (0)20 7946-0958" },
        checkInFrom: { from: "15:00", to: "14:00" },
        checkOutUntil: { from: "11:00", to: "09:30" },
      },
    });
    expect(describePropertyChange(row!.details)).toBe(
      "changed name “Settings Inn” → “Settings Inn & Spa”; contact e-mail none → “Desk@Settings-Inn.example”; contact phone none → “+44 (0)20 7946-0958”; check-in from 15:00 → 14:00; check-out until 11:00 → 09:30",
    );
  });

  it("records the staff member who changed it", async () => {
    const property = await hotel();
    const staff = await seedStaff(database().db, property.id, { email: "owner@settings-inn.example", role: "admin", password: "correct horse battery" });
    await updatePropertySettings(database().db, { propertyId: property.id, contactPhone: "021 555 0199", actor: { staffId: staff.id, label: staff.email } });
    const row = await database().db.auditEvent.findFirstOrThrow({ where: { propertyId: property.id, action: "property_settings_updated" } });
    expect(row).toMatchObject({ actorId: staff.id, actorLabel: "owner@settings-inn.example" });
  });

  it("writes nothing and records nothing when every value is as stored (a blank contact is none)", async () => {
    const property = await hotel();
    const before = await stored(property.id);
    const { changed } = await updatePropertySettings(database().db, {
      propertyId: property.id,
      name: " Settings Inn ",
      contactEmail: "",
      contactPhone: "   ",
      checkInFrom: "15:00",
      checkOutUntil: "11:00",
      actor: manager,
    });
    expect(changed).toEqual([]);
    expect((await stored(property.id)).updatedAt).toEqual(before.updatedAt);
    expect(await history(property.id)).toEqual([]);
  });

  it("takes a contact away again: a blank field is none", async () => {
    const property = await hotel();
    await updatePropertySettings(database().db, { propertyId: property.id, contactEmail: "desk@settings-inn.example", actor: manager });
    await updatePropertySettings(database().db, { propertyId: property.id, contactEmail: " ", actor: manager });
    expect((await stored(property.id)).contactEmail).toBeNull();
    expect(describePropertyChange((await history(property.id))[0]!.details)).toBe("changed contact e-mail “desk@settings-inn.example” → none");
  });

  it.each([
    [{ name: "" }, /name must be 1 to 100 characters/],
    [{ name: "x".repeat(101) }, /name must be 1 to 100 characters/],
    [{ name: "Bad\u0000Inn" }, /name: Must not contain control characters/],
    [{ name: "Bad \ud800 Inn" }, /name: Must be valid Unicode text/],
    [{ contactEmail: "not an address" }, /is not an e-mail address/],
    [{ contactEmail: `${"a".repeat(250)}@x.example` }, /is not an e-mail address/],
    [{ contactPhone: "call us" }, /phone must be 5 to 15 digits/],
    [{ contactPhone: "1234" }, /phone must be 5 to 15 digits/],
    [{ contactPhone: "1234567890123456" }, /phone must be 5 to 15 digits/],
    [{ contactPhone: "21+123 4567" }, /phone must be 5 to 15 digits/],
    [{ contactPhone: `+351 ${"2 - ".repeat(8)}2` }, /phone must be 5 to 15 digits/],
    [{ checkInFrom: "24:00" }, /check-in time must be a time from 00:00 to 23:59/],
    [{ checkInFrom: "noon" }, /check-in time must be a time/],
    [{ checkOutUntil: "11:60" }, /check-out time must be a time/],
    [{ checkOutUntil: "11" }, /check-out time must be a time/],
  ])("refuses %j, and writes nothing", async (fields, message) => {
    const property = await hotel();
    const before = await stored(property.id);
    const refusal = await updatePropertySettings(database().db, { propertyId: property.id, ...fields, actor: manager }).catch((error: unknown) => error);
    expect(isDomainError(refusal, "invalid_argument")).toBe(true);
    expect((refusal as Error).message).toMatch(message);
    expect(await stored(property.id)).toEqual(before);
    expect(await history(property.id)).toEqual([]);
  });

  it("answers another property's id (or none) as not found", async () => {
    const refusal = await updatePropertySettings(database().db, { propertyId: "prop_aaaaaaaaaaaaaaaaaaaa", name: "Nowhere", actor: manager }).catch((error: unknown) => error);
    expect(isDomainError(refusal, "not_found")).toBe(true);
  });

  it("locks the property: two changes at once are two rows, the second's before being the first's after", async () => {
    const property = await hotel();
    const names = ["First Name Inn", "Second Name Inn"];
    await Promise.all(names.map((name) => updatePropertySettings(database().db, { propertyId: property.id, name, actor: manager })));
    const rows = (await history(property.id)).reverse();
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => (row.details as { changes: { name: { from: string; to: string } } }).changes.name);
    expect(first!.from).toBe("Settings Inn");
    expect(second!.from).toBe(first!.to);
    expect((await stored(property.id)).name).toBe(second!.to);
  });

  it("is guarded by the database too: a time that is not HH:MM is refused by its CHECK", async () => {
    const property = await hotel();
    await expect(database().db.$executeRaw`UPDATE properties SET check_in_from = '25:00' WHERE id = ${property.id}`).rejects.toThrow(/properties_check_in_from_is_time/);
    await expect(database().db.$executeRaw`UPDATE properties SET contact_phone = '' WHERE id = ${property.id}`).rejects.toThrow(/properties_contact_phone_length/);
  });
});

describe("who may change the settings (the panel action's check, on a real session)", () => {
  it("lets the property's admin manage it, refuses its viewer, and does not know another property", async () => {
    const property = await hotel();
    const other = await hotel("Other Inn");
    const viewer = await seedStaff(database().db, property.id, { email: "viewer@settings-inn.example", role: "viewer", password: "correct horse battery" });
    const admin = await seedStaff(database().db, property.id, { email: "admin@settings-inn.example", role: "admin", password: "correct horse battery" });
    const session = async (staffUserId: string) => (await findStaffSession(database().db, (await createStaffSession(database().db, staffUserId)).token))!;

    const asViewer = await session(viewer.id);
    expect(requireMembership(asViewer, property.id, "view")).toMatchObject({ role: "viewer" });
    expect(() => requireMembership(asViewer, property.id, "manage")).toThrow(/only its admins can change anything here/);
    const asAdmin = await session(admin.id);
    expect(requireMembership(asAdmin, property.id, "manage")).toMatchObject({ role: "admin" });
    expect(() => requireMembership(asAdmin, other.id, "manage")).toThrow(/No such property/);
  });
});
