import { describe, expect, it } from "vitest";
import { PANEL_HOME, returnPathAfterSignIn } from "@/components/panel/panel-sections";

describe("where sign-in returns to", () => {
  it("returns to the panel page that was asked for, with its query", () => {
    expect(returnPathAfterSignIn("/settings/api-keys")).toBe("/settings/api-keys");
    expect(returnPathAfterSignIn("/bookings/bk_5f3k9q2m8x1c7v4b6n0t")).toBe("/bookings/bk_5f3k9q2m8x1c7v4b6n0t");
    expect(returnPathAfterSignIn("/rates?roomType=rt_z7kd74pfe7rhkz36hg5j&month=2026-12")).toBe("/rates?roomType=rt_z7kd74pfe7rhkz36hg5j&month=2026-12");
  });

  it("never leaves the site, nor the panel: anything else is the overview", () => {
    for (const path of [
      undefined,
      "",
      "https://evil.example/overview",
      "//evil.example/overview",
      "/\\evil.example/overview",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      "javascript:alert(1)",
      " /overview",
      "/overview\r\nSet-Cookie: x=1",
      "/login",
      "/",
      "/manage/abc",
      "/partner/v1/me",
      `/bookings/${"x".repeat(2_100)}`,
    ]) {
      expect(returnPathAfterSignIn(path), String(path)).toBe(PANEL_HOME);
    }
  });
});
