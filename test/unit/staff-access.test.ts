import { describe, expect, it } from "vitest";
import { requireMembership } from "@/lib/staff/staff-access";
import type { SignedInStaff } from "@/lib/staff/staff-sessions";

const staff: SignedInStaff = {
  sessionId: "sess_1",
  staffUserId: "staff_1",
  email: "eva@hotel.example",
  name: "Eva",
  testMode: false,
  twoStep: { hasSecondFactor: false, required: false },
  memberships: [
    { propertyId: "prop_a", propertyName: "A", propertySlug: "a", propertyTimezone: "UTC", testPropertyId: "prop_a_twin", testToday: null, role: "admin" },
    { propertyId: "prop_b", propertyName: "B", propertySlug: "b", propertyTimezone: "UTC", testPropertyId: null, testToday: null, role: "viewer" },
  ],
};

describe("panel access", () => {
  it("lets admins view and manage their property", () => {
    expect(requireMembership(staff, "prop_a", "manage").role).toBe("admin");
    expect(requireMembership(staff, "prop_a", "view").role).toBe("admin");
  });

  it("lets viewers look but not change", () => {
    expect(requireMembership(staff, "prop_b", "view").role).toBe("viewer");
    expect(() => requireMembership(staff, "prop_b", "manage")).toThrow(expect.objectContaining({ code: "insufficient_scope" }));
  });

  it("gives a member the same role on the property's test twin", () => {
    expect(requireMembership(staff, "prop_a_twin", "manage").role).toBe("admin");
  });

  it("answers a test twin's id as not found where only the live property may be touched (the team, its own settings)", () => {
    expect(requireMembership(staff, "prop_a", "manage", "live").role).toBe("admin");
    expect(() => requireMembership(staff, "prop_a_twin", "manage", "live")).toThrow(expect.objectContaining({ code: "not_found" }));
  });

  it("answers another property's id as not found", () => {
    for (const access of ["view", "manage"] as const) {
      expect(() => requireMembership(staff, "prop_other", access)).toThrow(expect.objectContaining({ code: "not_found" }));
    }
  });
});
