import { describe, expect, it } from "vitest";
import { inLockOrder, planBookingChange, priceOfChange, type BookingChangePlan } from "@/lib/bookings/plan-booking-change";

const TODAY = "2027-03-10";
/** Three nights (12, 13, 14 March) in a Double, booked at 100, 110 and 120. */
const booking = {
  status: "confirmed" as const,
  checkin: "2027-03-12",
  checkout: "2027-03-15",
  roomTypeId: "rt_double",
  adults: 2,
  childrenAges: [],
  guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" },
  externalReference: "PX-1",
  ratePlan: { id: "rp_standard", name: "Standard" },
  nightly: [
    { date: "2027-03-12", amount: 100 },
    { date: "2027-03-13", amount: 110 },
    { date: "2027-03-14", amount: 120 },
  ],
};
const change = (plan: BookingChangePlan) => {
  if (plan.kind !== "change") throw new Error(`expected a change, got ${JSON.stringify(plan)}`);
  return plan;
};

describe("planning a change of a booking", () => {
  it("keeps the nights it still holds at their booked amounts, gives back the ones it leaves and takes the new ones", () => {
    const plan = change(planBookingChange(booking, { checkin: "2027-03-13", checkout: "2027-03-17" }, TODAY));
    expect(plan.changed).toEqual(["checkin", "checkout"]);
    expect(plan.after).toMatchObject({ checkin: "2027-03-13", checkout: "2027-03-17", nights: 4, roomTypeId: "rt_double" });
    expect(plan.kept).toEqual([
      { roomTypeId: "rt_double", date: "2027-03-13", amount: 110 },
      { roomTypeId: "rt_double", date: "2027-03-14", amount: 120 },
    ]);
    expect(plan.released).toEqual([{ roomTypeId: "rt_double", date: "2027-03-12" }]);
    expect(plan.taken).toEqual([
      { roomTypeId: "rt_double", date: "2027-03-15" },
      { roomTypeId: "rt_double", date: "2027-03-16" },
    ]);
    // Kept nights at what they cost, taken ones at today's rate, whatever today's rate of the kept ones.
    const rates = new Map([["2027-03-13", 999], ["2027-03-14", 999], ["2027-03-15", 130], ["2027-03-16", 140]]);
    expect(priceOfChange(plan, rates)).toEqual({
      nightly: [
        { date: "2027-03-13", amount: 110 },
        { date: "2027-03-14", amount: 120 },
        { date: "2027-03-15", amount: 130 },
        { date: "2027-03-16", amount: 140 },
      ],
      total: 500,
    });
  });

  it("moving to another room type keeps no night: every one is given back and taken anew, in lock order", () => {
    const plan = change(planBookingChange(booking, { roomTypeId: "rt_suite" }, TODAY));
    expect(plan.kept).toEqual([]);
    expect(plan.released.map((n) => n.date)).toEqual(["2027-03-12", "2027-03-13", "2027-03-14"]);
    expect(plan.taken).toEqual(plan.released.map((n) => ({ ...n, roomTypeId: "rt_suite" })));
    expect(inLockOrder([...plan.taken, ...plan.released]).map((n) => `${n.roomTypeId} ${n.date}`)).toEqual([
      "rt_double 2027-03-12",
      "rt_double 2027-03-13",
      "rt_double 2027-03-14",
      "rt_suite 2027-03-12",
      "rt_suite 2027-03-13",
      "rt_suite 2027-03-14",
    ]);
  });

  it("a change of guest details, adults or partner reference takes and gives back no night", () => {
    const plan = change(planBookingChange(booking, { guest: { email: "ana.silva@example.com" }, adults: 1, externalReference: null }, TODAY));
    expect(plan.changed).toEqual(["adults", "guest", "externalReference"]);
    expect(plan.after.guest).toEqual({ firstName: "Ana", lastName: "Silva", email: "ana.silva@example.com" });
    expect(plan.after.externalReference).toBeNull();
    expect([plan.released, plan.taken, plan.kept.length]).toEqual([[], [], 3]);
  });

  it("a request that names only what the booking already has changes nothing", () => {
    expect(planBookingChange(booking, { checkin: booking.checkin, guest: { firstName: "Ana" }, externalReference: "PX-1" }, TODAY)).toEqual({ kind: "unchanged" });
  });

  it("a cancelled booking, or one whose stay has ended, cannot change", () => {
    expect(planBookingChange({ ...booking, status: "cancelled" }, { adults: 1 }, TODAY)).toMatchObject({ kind: "not_changeable", field: null });
    expect(planBookingChange(booking, { adults: 1 }, "2027-03-15")).toMatchObject({ kind: "not_changeable", message: "This stay ended on 2027-03-15; it cannot change." });
  });

  it("once the stay has started only its check-out (tomorrow or later), adults, guest and reference may change", () => {
    const during = "2027-03-13";
    expect(planBookingChange(booking, { checkin: "2027-03-13" }, during)).toMatchObject({ kind: "not_changeable", field: "checkin" });
    expect(planBookingChange(booking, { roomTypeId: "rt_suite" }, during)).toMatchObject({ kind: "not_changeable", field: "roomTypeId" });
    expect(planBookingChange(booking, { checkout: "2027-03-13" }, during)).toEqual({
      kind: "invalid",
      errors: [{ field: "checkout", message: "Must be tomorrow at the property (2027-03-14) or later: the stay has started." }],
    });
    const longer = change(planBookingChange(booking, { checkout: "2027-03-16" }, during));
    expect(longer.taken).toEqual([{ roomTypeId: "rt_double", date: "2027-03-15" }]);
    expect(longer.kept.map((n) => n.date)).toEqual(["2027-03-12", "2027-03-13", "2027-03-14"]);
    expect(planBookingChange(booking, { checkout: "2027-04-12" }, during)).toMatchObject({ kind: "invalid", errors: [{ field: "checkout", message: "A stay is at most 30 nights." }] });
  });

  it("a stay not yet started follows the rules of a new one", () => {
    expect(planBookingChange(booking, { checkin: "2027-03-09" }, TODAY)).toMatchObject({ kind: "invalid", errors: [{ field: "checkin" }] });
    expect(planBookingChange(booking, { checkout: "2027-03-12" }, TODAY)).toMatchObject({ kind: "invalid", errors: [{ field: "checkout", message: "Must be after checkin." }] });
  });
});
