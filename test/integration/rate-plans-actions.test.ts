import { beforeAll, describe, expect, it } from "vitest";
import type { RatePlanFormState } from "@/components/panel/rate-plan-form-states";
import { setupTestDatabase } from "../support/database";
import { form, panelSession, panelSessionsAt, type PanelSessions } from "../support/panel-actions";
import { useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";

/**
 * The panel's Rate plans actions as the server runs them: the session cookie read through
 * next/headers (given here), the membership checked, the plans saved (and audited) on a real database.
 */

const { createRatePlanAction, updateRatePlanAction, deactivateRatePlanAction } = await import("@/app/(panel)/(signed-in)/rate-plans/actions");

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let sessions: PanelSessions;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  hotel = await partnerFixture(db, { name: "Plans Inn" });
  sessions = await panelSessionsAt(db, hotel.property, { admin: { email: "maria@plans-inn.example" }, elsewhere: "Other Plans Inn" });
});

function planForm(fields: Record<string, string | string[]> = {}): FormData {
  return form({ propertyId: hotel.property.id, name: "Non-refundable", description: "Save 10 %.", priceRule: "percent", percent: "-10", amount: "", policy: "non_refundable", daysBefore: "", fee: "first_night", ...fields });
}

type Action = (state: RatePlanFormState, data: FormData) => Promise<RatePlanFormState>;

function submit(who: keyof typeof sessions, action: Action, data: FormData) {
  panelSession.token = sessions[who];
  return action({}, data);
}

const plansOf = () => database().db.ratePlan.findMany({ where: { propertyId: hotel.property.id }, orderBy: { createdAt: "asc" } });

describe("Rate plans actions", () => {
  it("adds a plan with its price rule, policy and room types, audited as the signed-in admin", async () => {
    const { db } = database();
    const double = hotel.roomTypes[0]!;
    const state = await submit("admin", createRatePlanAction, planForm({ roomTypeIds: [double.id] }));
    expect(state).toEqual({ done: "Added Non-refundable: partners and guests are offered it from now on." });
    const plan = (await plansOf()).find((p) => p.name === "Non-refundable")!;
    expect(plan).toMatchObject({ description: "Save 10 %.", pricePercent: -10, priceAmount: null, cancellationType: "non_refundable", roomTypeIds: [double.id], active: true });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId: hotel.property.id, action: "rate_plan_created" }, include: { actor: true } });
    expect(audit.actor?.email).toBe("maria@plans-inn.example");
    expect(audit.details).toMatchObject({ ratePlanId: plan.id, priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" } });

    // An amount taken off a night (money in the property's currency, with a sign) and free cancellation.
    const early = await submit("admin", createRatePlanAction, planForm({ name: "Early bird", description: "", priceRule: "amount", amount: "-5.50", policy: "free_until", daysBefore: "3", fee: "full_stay" }));
    expect(early.done).toContain("Added Early bird");
    expect((await plansOf()).find((p) => p.name === "Early bird")).toMatchObject({ pricePercent: null, priceAmount: -550, cancellationType: "free_until", freeDaysBefore: 3, cancellationFee: "full_stay", roomTypeIds: [] });
  });

  it("says what is wrong beside each field, keeping what was typed, and adds nothing", async () => {
    const before = (await plansOf()).length;
    const state = await submit("admin", createRatePlanAction, planForm({ name: " ", percent: "-95", policy: "free_until", daysBefore: "soon" }));
    expect(state).toMatchObject({
      error: "Check the highlighted fields.",
      fieldErrors: { name: "Name must be 1 to 100 characters.", percent: "Percent must be a whole number from -90 to +200.", daysBefore: expect.stringContaining("whole number of days") },
      values: { percent: "-95", daysBefore: "soon", policy: "free_until" },
    });
    const amount = await submit("admin", createRatePlanAction, planForm({ priceRule: "amount", amount: "5.555" }));
    expect(amount.fieldErrors).toEqual({ amount: "EUR takes at most 2 digits after the decimal point, e.g. 120.50." });
    // Another property's room type is the domain's refusal, said on the form.
    const foreign = await submit("admin", createRatePlanAction, planForm({ name: "Foreign", roomTypeIds: ["rt_0000000000000000000a"] }));
    expect(foreign).toMatchObject({ error: 'No room type "rt_0000000000000000000a" at this property.', values: { name: "Foreign" } });
    expect((await plansOf()).length).toBe(before);
  });

  it("edits a plan (no change is said so), refuses the Standard plan, and deactivates a plan", async () => {
    const { db } = database();
    const plan = (await plansOf()).find((p) => p.name === "Non-refundable")!;
    const edited = await submit("admin", updateRatePlanAction, planForm({ ratePlanId: plan.id, percent: "-15", roomTypeIds: plan.roomTypeIds }));
    expect(edited.done).toBe("Saved Non-refundable. Bookings already made keep the terms they were sold with.");
    expect(await db.ratePlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ pricePercent: -15 });
    const update = await db.auditEvent.findFirstOrThrow({ where: { propertyId: hotel.property.id, action: "rate_plan_updated" } });
    expect(update.details).toMatchObject({ changes: { priceRule: { from: { percent: -10 }, to: { percent: -15 } } } });
    const again = await submit("admin", updateRatePlanAction, planForm({ ratePlanId: plan.id, percent: "-15", roomTypeIds: plan.roomTypeIds }));
    expect(again.done).toBe("Non-refundable already had those values: nothing changed.");

    const standard = (await plansOf()).find((p) => p.standard)!;
    const locked = await submit("admin", updateRatePlanAction, planForm({ ratePlanId: standard.id, name: "Flexible" }));
    expect(locked.error).toBe("The Standard plan cannot change: it keeps v1's terms for partners that do not choose a plan.");
    expect((await submit("admin", deactivateRatePlanAction, planForm({ ratePlanId: standard.id }))).error).toMatch(/^The Standard plan cannot change/);
    expect(await db.ratePlan.findUniqueOrThrow({ where: { id: standard.id } })).toMatchObject({ name: "Standard", active: true });

    const off = await submit("admin", deactivateRatePlanAction, planForm({ ratePlanId: plan.id }));
    expect(off.done).toBe("Non-refundable is no longer offered. Bookings made with it keep their terms.");
    expect(await db.ratePlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ active: false });
    expect(await db.auditEvent.count({ where: { propertyId: hotel.property.id, action: "rate_plan_deactivated" } })).toBe(1);
  });

  it("refuses a viewer on the server, changing nothing", async () => {
    const { db } = database();
    const plan = (await plansOf()).find((p) => p.name === "Early bird")!;
    const before = await db.auditEvent.count({ where: { propertyId: hotel.property.id } });
    const viewOnly = "You have view access to this property: only its admins can change rate plans.";
    expect((await submit("viewer", createRatePlanAction, planForm({ name: "Viewer plan" }))).error).toBe(viewOnly);
    expect((await submit("viewer", updateRatePlanAction, planForm({ ratePlanId: plan.id, name: "Renamed" }))).error).toBe(viewOnly);
    expect((await submit("viewer", deactivateRatePlanAction, planForm({ ratePlanId: plan.id }))).error).toBe(viewOnly);
    expect(await db.ratePlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ name: "Early bird", active: true });
    expect(await db.auditEvent.count({ where: { propertyId: hotel.property.id } })).toBe(before);
  });

  it("answers a staff member of another property, or another property's plan, with not found", async () => {
    const plan = (await plansOf()).find((p) => p.name === "Early bird")!;
    await expect(submit("stranger", deactivateRatePlanAction, planForm({ ratePlanId: plan.id }))).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    const theirs = await database().db.ratePlan.findFirstOrThrow({ where: { property: { name: "Other Plans Inn" } } });
    await expect(submit("admin", deactivateRatePlanAction, planForm({ ratePlanId: theirs.id }))).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });
});
