import { describe, expect, it } from "vitest";
import { contrastWithWhite, parseAccentColour, parseAllowedOrigin } from "@/lib/booking-engine/engine-settings";
import { engineSnippet } from "@/lib/booking-engine/engine-snippet";

describe("the booking engine's settings", () => {
  it("takes sites as browsers name them in frame-ancestors: https with an optional port, http for localhost and 127.0.0.1 only", () => {
    expect(parseAllowedOrigin("https://www.Example-Hotel.com")).toEqual({ origin: "https://www.example-hotel.com" });
    expect(parseAllowedOrigin(" https://hotel.example:8443/ ")).toEqual({ origin: "https://hotel.example:8443" });
    expect(parseAllowedOrigin("https://hotel.example:443")).toEqual({ origin: "https://hotel.example" });
    expect(parseAllowedOrigin("http://localhost:4000")).toEqual({ origin: "http://localhost:4000" });
    expect(parseAllowedOrigin("http://127.0.0.1:8080")).toEqual({ origin: "http://127.0.0.1:8080" });
    for (const refused of ["http://hotel.example", "https://hotel.example/booking", "https://*.hotel.example", "https://hotel.example?x=1", "https://user:pw@hotel.example", "hotel.example", "javascript:alert(1)", "ftp://hotel.example"]) {
      expect(parseAllowedOrigin(refused), refused).toHaveProperty("problem");
    }
  });

  it("takes an accent colour only when white text on it reaches 4.5:1 (WCAG AA)", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite("#777777")).toBeLessThan(4.5);
    expect(parseAccentColour("#1D5C7A")).toEqual({ colour: "#1d5c7a" });
    expect(parseAccentColour("#777777")).toEqual({ problem: expect.stringContaining("4.48:1") });
    expect(parseAccentColour("#ffcc00")).toHaveProperty("problem");
    expect(parseAccentColour("blue")).toHaveProperty("problem");
  });

  it("writes the snippet the hotel pastes: one async script naming the hotel", () => {
    expect(engineSnippet("https://book.example/", "harbour-view-hotel")).toBe('<script src="https://book.example/widget.js" data-hotel="harbour-view-hotel" async></script>');
  });
});
