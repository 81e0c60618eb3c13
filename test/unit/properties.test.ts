import { describe, expect, it } from "vitest";
import { validatePropertyInput } from "@/lib/properties/create-property";
import { describePlan } from "@/lib/properties/plans";
import { firstFreeSlug, slugify } from "@/lib/properties/slug";
import { minorUnitDigits } from "@/lib/money/currency";
import { newBookingReference, newId } from "@/lib/ids";
import { seasonalPrice } from "@/prisma/seed";

describe("properties", () => {
  it("get slugs from their names, with a numeric suffix when taken", () => {
    expect(slugify("Harbour View Hotel")).toBe("harbour-view-hotel");
    expect(slugify("  Hôtel São João!! ")).toBe("hotel-sao-joao");
    expect(firstFreeSlug("inn", new Set())).toBe("inn");
    expect(firstFreeSlug("inn", new Set(["inn", "inn-2"]))).toBe("inn-3");
  });

  it("need an IANA zone, an ISO currency and a known plan", () => {
    expect(validatePropertyInput({ name: "Inn", timezone: "UTC", currency: "JPY", plan: "pro" })).toEqual([]);
    expect(validatePropertyInput({ name: "", timezone: "Nowhere/City", currency: "EURO", plan: "gold" })).toHaveLength(4);
  });

  it("describe their plan in words", () => {
    expect(describePlan("starter")).toBe("Starter: read and create bookings, 1,200 requests per minute");
    expect(describePlan("free")).toBe("Free: read only, 120 requests per minute");
  });
});

describe("money and ids", () => {
  it("know each currency's minor units", () => {
    expect(minorUnitDigits("EUR")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("BHD")).toBe(3);
  });

  it("make prefixed ids and readable references", () => {
    expect(newId("bk")).toMatch(/^bk_[0-9a-z]{20}$/);
    expect(newBookingReference("Harbour View Hotel")).toMatch(/^HVH-[A-HJ-NP-Z2-9]{6}$/);
  });

  it("price demo nights higher at weekends and in summer", () => {
    expect(seasonalPrice("2026-11-18", 10_000)).toBe(10_000); // a Wednesday in November
    expect(seasonalPrice("2026-11-20", 10_000)).toBe(12_000); // a Friday
    expect(seasonalPrice("2026-07-15", 10_000)).toBe(12_500); // a Wednesday in July
  });
});
