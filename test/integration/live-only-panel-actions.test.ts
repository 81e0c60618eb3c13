import { beforeAll, describe, expect, it } from "vitest";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { form, panelSession } from "../support/panel-actions";
import { TEST_SESSION_SECRET } from "../support/test-worker";
import { useDatabaseForRoutes } from "../support/partner-api";

/**
 * The team and the property's own settings are the live property's only (issue 23 kept them
 * so in the panel's pages): a test twin's id edited into such a form is not found, as any
 * other property's, and changes nothing. Staff are never invited to a twin.
 */

const { inviteAction } = await import("@/app/(panel)/(signed-in)/settings/team/actions");
const { setChildAgeBandsAction, updatePropertySettingsAction } = await import("@/app/(panel)/(signed-in)/settings/property/actions");

const database = setupTestDatabase();
let live: { id: string };
let twin: { id: string };

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  process.env.SESSION_SECRET = TEST_SESSION_SECRET; // invitations seal their link with it
  const { db } = database();
  ({ property: live } = await seedProperty(db, { name: "Twin Guard Inn" }));
  twin = await openTestTwin(db, live.id);
  const admin = await seedStaff(db, live.id, { email: "ada@twin-guard.example", role: "admin" });
  panelSession.token = (await createStaffSession(db, admin.id)).token;
});

const NOT_FOUND = /NEXT_HTTP_ERROR_FALLBACK;404/;

describe("live-only panel actions", () => {
  it("refuse a test twin's id: no invitation to the twin, no change of its settings or its age bands", async () => {
    const { db } = database();
    await expect(inviteAction({ values: { email: "", name: "", role: "" } }, form({ propertyId: twin.id, email: "eve@guest.example", name: "Eve", role: "admin" }))).rejects.toThrow(NOT_FOUND);
    expect(await db.staffInvitation.count({ where: { propertyId: twin.id } })).toBe(0);
    const settings = { propertyId: twin.id, name: "Renamed Twin", contactEmail: "", contactPhone: "", checkInFrom: "15:00", checkOutUntil: "11:00" };
    await expect(updatePropertySettingsAction({ values: { name: "", contactEmail: "", contactPhone: "", checkInFrom: "", checkOutUntil: "" } }, form(settings))).rejects.toThrow(NOT_FOUND);
    expect((await db.property.findUniqueOrThrow({ where: { id: twin.id } })).name).not.toBe("Renamed Twin");
    const bands = { propertyId: twin.id, "bands.0.name": "Child", "bands.0.fromAge": "0", "bands.0.toAge": "17", "bands.0.amount": "9.00" };
    await expect(setChildAgeBandsAction({}, form(bands))).rejects.toThrow(NOT_FOUND);
    expect((await db.property.findUniqueOrThrow({ where: { id: twin.id } })).childAgeBands).toEqual([{ name: "Child", fromAge: 0, toAge: 17, amount: 0 }]);

    // The live property's own id still works.
    const invited = await inviteAction({ values: { email: "", name: "", role: "" } }, form({ propertyId: live.id, email: "eve@guest.example", name: "Eve", role: "viewer" }));
    expect(invited).toMatchObject({ done: expect.stringContaining("Invitation sent to eve@guest.example") });
  });
});
