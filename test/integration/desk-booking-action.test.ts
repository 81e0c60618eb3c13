import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_DESK_BOOKING_VALUES, type DeskBookingFormState } from "@/components/panel/desk-booking-form-states";
import { addDays } from "@/lib/dates/calendar-date";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setupTestDatabase } from "../support/database";
import { form, panelSession, panelSessionsAt, type PanelSessions } from "../support/panel-actions";
import { useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";

/**
 * The panel's New booking action as the server runs it: the session cookie read through
 * next/headers (given here), the membership checked, the booking made on a real database.
 */

const { createDeskBookingAction } = await import("@/app/(panel)/(signed-in)/bookings/new/actions");

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let sessions: PanelSessions;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  hotel = await partnerFixture(db, { name: "Action Inn" });
  sessions = await panelSessionsAt(db, hotel.property, { admin: { email: "maria@action-inn.example", name: "Maria Silva" } });
});

const FORM_KEY = "desk-0b5c3a52-6f1e-4c55-9b61-8f0f7d1e2a10";

function deskForm(fields: Record<string, string> = {}): FormData {
  const checkin = addDays(hotel.today, 9);
  return form({
    propertyId: hotel.property.id,
    idempotencyKey: FORM_KEY,
    roomTypeId: hotel.roomTypes[0]!.id,
    checkin,
    checkout: addDays(checkin, 2),
    adults: "2",
    firstName: "Joana",
    lastName: "Reis",
    email: "joana.reis@example.com",
    phone: "+351 21 000 0000",
    note: "Booked by phone.\nPays at arrival.",
    ...fields,
  });
}

const initial: DeskBookingFormState = { idempotencyKey: FORM_KEY, values: EMPTY_DESK_BOOKING_VALUES };

/** Runs the action as `who`; a redirect (to the booking made) comes back as its path. */
async function submit(who: keyof typeof sessions, data: FormData): Promise<{ redirectedTo?: string; state?: DeskBookingFormState }> {
  panelSession.token = sessions[who];
  try {
    return { state: await createDeskBookingAction(initial, data) };
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? "");
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return { redirectedTo: digest.split(";")[2] };
  }
}

describe("New booking's action", () => {
  it("makes the booking at the desk by the signed-in admin and opens it; the same form again opens the same booking", async () => {
    const { db } = database();
    const first = await submit("admin", deskForm());
    expect(first.redirectedTo).toMatch(/^\/bookings\/bk_[a-z0-9]{20}$/);
    const id = first.redirectedTo!.split("/")[2]!;
    const row = await db.booking.findUniqueOrThrow({ where: { id }, include: { staffUser: true } });
    expect(row).toMatchObject({
      source: "desk",
      apiKeyId: null,
      guestFirstName: "Joana",
      guestPhone: "+351 21 000 0000",
      staffNote: "Booked by phone.\nPays at arrival.",
      staffUser: { email: "maria@action-inn.example", name: "Maria Silva" },
    });

    const resubmitted = await submit("admin", deskForm());
    expect(resubmitted.redirectedTo).toBe(first.redirectedTo);
    expect(await db.booking.count({ where: { guestEmail: "joana.reis@example.com" } })).toBe(1);

    // The same form for another guest (Back, then a second room for the group) is a booking of its own.
    const second = await submit("admin", deskForm({ firstName: "Rui", email: "rui.reis@example.com" }));
    expect(second.redirectedTo).toMatch(/^\/bookings\/bk_/);
    expect(second.redirectedTo).not.toBe(first.redirectedTo);
    // The first guest again with another note: the form already made that booking, which the answer names.
    const changed = await submit("admin", deskForm({ note: "Another note" }));
    expect(changed.state).toMatchObject({ madeBookingId: id, error: "This form already made a booking for this guest with other details." });
  });

  it("books the rate plan chosen (its price and terms), and the Standard plan when none is", async () => {
    const { db } = database();
    const plan = await createRatePlan(db, { propertyId: hotel.property.id, name: "Non-refundable", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" }, actor: TEST_ACTOR });
    const chosen = await submit("admin", deskForm({ idempotencyKey: "desk-plan-form", email: "plan.guest@example.com", ratePlanId: plan.id }));
    const row = await db.booking.findUniqueOrThrow({ where: { id: chosen.redirectedTo!.split("/")[2]! } });
    expect(row).toMatchObject({ ratePlanId: plan.id, ratePlanName: "Non-refundable", freeUntil: null, totalAmount: 2 * 10_800, feeAmount: 2 * 10_800 });

    const standard = await submit("admin", deskForm({ idempotencyKey: "desk-standard-form", email: "standard.guest@example.com", ratePlanId: "" }));
    expect(await db.booking.findUniqueOrThrow({ where: { id: standard.redirectedTo!.split("/")[2]! } })).toMatchObject({ ratePlanName: "Standard", totalAmount: 2 * 12_000 });

    await deactivateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, actor: TEST_ACTOR });
    const gone = await submit("admin", deskForm({ idempotencyKey: "desk-gone-plan-form", email: "late.guest@example.com", ratePlanId: plan.id }));
    expect(gone.state).toMatchObject({ soldOut: true, error: expect.stringMatching(/^Rate plan "rp_\w+" is not offered for Double at this property .* Choose another rate plan or room type\.$/) });
    expect(await db.booking.count({ where: { guestEmail: "late.guest@example.com" } })).toBe(0);
  });

  it("refuses a viewer on the server, making nothing", async () => {
    const { db } = database();
    const before = await db.booking.count({ where: { propertyId: hotel.property.id } });
    const { state } = await submit("viewer", deskForm({ idempotencyKey: "desk-viewer-form", email: "viewer.try@example.com" }));
    expect(state?.error).toBe("You have view access to this property: only its admins can change anything here.");
    expect(await db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(before);
  });

  it("answers a staff member of another property with not found", async () => {
    await expect(submit("stranger", deskForm({ idempotencyKey: "desk-stranger-form" }))).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });

  it("says what is wrong beside each field, keeping what was typed, and makes nothing", async () => {
    const { db } = database();
    const before = await db.booking.count({ where: { propertyId: hotel.property.id } });
    const { state } = await submit("admin", deskForm({ idempotencyKey: "desk-invalid-form", firstName: " ", email: "not-an-address", phone: "call me" }));
    expect(state).toMatchObject({
      error: "Check the highlighted fields.",
      fieldErrors: { firstName: "Must not be empty.", email: "Must be an e-mail address.", phone: expect.stringContaining("+351 912 345 678") },
      values: { email: "not-an-address", phone: "call me" },
    });
    expect(state?.fieldErrors).not.toHaveProperty("lastName");
    expect(await db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(before);
  });

  it("says the room type sold out since the search, and makes nothing", async () => {
    const { db } = database();
    const single = hotel.roomTypes[1]!; // 3 rooms
    const checkin = addDays(hotel.today, 60);
    for (let i = 0; i < 3; i++) {
      const made = await submit("admin", deskForm({ idempotencyKey: `desk-fill-${i}`, roomTypeId: single.id, checkin, checkout: addDays(checkin, 1), adults: "1", email: `fill${i}@example.com` }));
      expect(made.redirectedTo).toMatch(/^\/bookings\//);
    }
    const { state } = await submit("admin", deskForm({ idempotencyKey: "desk-late-form", roomTypeId: single.id, checkin, checkout: addDays(checkin, 1), adults: "1" }));
    expect(state).toMatchObject({ soldOut: true, error: expect.stringContaining(`Single is not available on the night of ${checkin}: sold out.`) });
    expect(await db.booking.count({ where: { roomTypeId: single.id, checkin: new Date(`${checkin}T00:00:00Z`) } })).toBe(3);
  });
});
