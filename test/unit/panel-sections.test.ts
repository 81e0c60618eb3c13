import { describe, expect, it } from "vitest";
import { matchNavPage, matchSection, PANEL_HOME, PANEL_NAV, PANEL_SECTIONS, sectionOf } from "@/components/panel/panel-sections";

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

describe("the panel's navigation groups", () => {
  it("hold every section, in five groups, and name the page a path is on by its longest match", () => {
    const pages = PANEL_NAV.flatMap((group) => group.pages.map((page) => page.href));
    for (const { href } of PANEL_SECTIONS) expect(pages, href).toContain(href);
    expect(PANEL_NAV.map((group) => group.label)).toEqual(["Overview", "Bookings", "Inventory", "Settings", "Account"]);
    expect(matchNavPage("/bookings/bk_abcdefghijklmnopqrst")).toMatchObject({ group: { label: "Bookings" }, href: "/bookings" });
    expect(matchNavPage("/bookings/new?checkin=2026-12-01")).toMatchObject({ group: { label: "Bookings" }, href: "/bookings/new" });
    expect(matchNavPage("/settings/api-keys/requests?status=4xx")).toMatchObject({ group: { label: "Settings" }, href: "/settings/api-keys/requests" });
    expect(matchNavPage("/settings/webhooks/whe_x/deliveries/whd_y")?.href).toBe("/settings/webhooks");
    expect(matchNavPage("/rate-plans")?.group.label).toBe("Inventory");
    expect(matchNavPage("/settings")).toBeUndefined();
  });
});
