import { describe, expect, it } from "vitest";
import { matchSection, PANEL_HOME, PANEL_SECTIONS, sectionOf } from "@/components/panel/panel-sections";

describe("sectionOf: where the property switcher returns to", () => {
  it("returns to the section a page is in, and to a record's section list from a record's page", () => {
    for (const { href } of PANEL_SECTIONS) expect(sectionOf(href)).toBe(href);
    expect(sectionOf("/bookings/bk_abcdefghijklmnopqrst")).toBe("/bookings");
    expect(sectionOf("/bookings?status=cancelled&cursor=x")).toBe("/bookings");
    expect(sectionOf("/settings/webhooks/whe_abcdefghijklmnopqrst")).toBe("/settings/webhooks");
    expect(sectionOf("/settings/webhooks/whe_x/deliveries/whd_y")).toBe("/settings/webhooks");
    expect(sectionOf("/rates?roomTypeId=rt_x&month=2026-12")).toBe("/rates");
    expect(sectionOf("/rooms#new")).toBe("/rooms");
  });

  it("never leads outside the panel's sections: anything else goes to the overview", () => {
    expect(PANEL_HOME).toBe("/overview");
    for (const path of ["https://evil.example/bookings", "//evil.example/bookings", "/\\evil.example", "/login", "/bookingsx", "/settings", "/settings/api-keysx", "bookings", "", "/", " /bookings", null, undefined, 42]) {
      expect(sectionOf(path), String(path)).toBe("/overview");
    }
  });

  it("tells the navigation which section is current, or none", () => {
    expect(matchSection("/settings/api-keys")).toBe("/settings/api-keys");
    expect(matchSection("/bookings/bk_x")).toBe("/bookings");
    expect(matchSection("/somewhere")).toBeUndefined();
  });
});
