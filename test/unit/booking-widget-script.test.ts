import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/widget.js/route";
import { WIDGET_INTEGRITY, WIDGET_SCRIPT } from "@/lib/booking-engine/widget-script";

/** The smallest page widget.js needs: its own script tag, a parent to insert into, window messages, timers, the console. */
function hotelPage(attributes: Record<string, string>) {
  const inserted: Record<string, any>[] = [];
  const dispatched: { type: string; detail: unknown }[] = [];
  const listeners: ((event: unknown) => void)[] = [];
  const consoleLines: string[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const parentNode = {
    insertBefore: (node: Record<string, any>) => inserted.push(Object.assign(node, { parentNode })),
    removeChild: (node: Record<string, any>) => inserted.splice(inserted.indexOf(node), 1),
  };
  const script = {
    src: "https://book.example/widget.js",
    getAttribute: (name: string) => attributes[name] ?? null,
    parentNode,
    nextSibling: null,
    dispatchEvent: (event: { type: string; detail: unknown }) => dispatched.push(event),
  };
  const frameWindow = {};
  const frameListeners: Record<string, () => void> = {};
  const context = {
    document: {
      currentScript: script,
      createElement: () => ({ style: {}, contentWindow: frameWindow, addEventListener: (type: string, listener: () => void) => (frameListeners[type] = listener) }),
    },
    window: { addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener) },
    location: { origin: "https://www.hotel.example" },
    console: { error: (line: string) => consoleLines.push(line), warn: (line: string) => consoleLines.push(line) },
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    URL,
    CustomEvent: class {
      constructor(readonly type: string, readonly init: { detail: unknown }) {}
      get detail() {
        return this.init.detail;
      }
    },
    encodeURIComponent,
  };
  runInNewContext(WIDGET_SCRIPT, context);
  const post = (origin: string, data: unknown, source: unknown = frameWindow) => listeners.forEach((listener) => listener({ origin, data, source }));
  /** The frame's load event, then every timer it set (as if their time had come). */
  const loadAndWait = () => {
    frameListeners.load?.();
    for (const timer of timers.splice(0)) timer.run();
  };
  return { inserted, dispatched, post, loadAndWait, consoleLines, timers };
}

describe("widget.js", () => {
  it("puts the hotel's embed where its script stands, sized from our origin's messages only, and tells the page of a booking by its reference alone", () => {
    const page = hotelPage({ "data-hotel": "harbour-view-hotel", "data-lang": "de" });
    expect(page.inserted).toHaveLength(1);
    const frame = page.inserted[0]!;
    expect(frame.src).toBe("https://book.example/hotels/harbour-view-hotel/embed?lang=de");
    expect(frame.title).toBe("Book your stay");

    page.post("https://book.example", { type: "room-booking:resize", height: 731.4 });
    expect(frame.style.height).toBe("732px");
    page.post("https://evil.example", { type: "room-booking:resize", height: 10 });
    page.post("https://book.example", { type: "room-booking:resize", height: 10 }, {});
    expect(frame.style.height).toBe("732px");

    page.post("https://book.example", { type: "room-booking:booked", reference: "HVH-4K7Q2M", guest: { email: "ana@example.com" } });
    expect(page.dispatched.map((event) => [event.type, event.detail])).toEqual([["room-booking:booked", { reference: "HVH-4K7Q2M" }]]);
  });

  it("takes no room until the embed says it is shown; a frame the browser refused is removed after a few seconds with one console line naming the origin to allow", () => {
    const refused = hotelPage({ "data-hotel": "harbour-view-hotel" });
    expect(refused.inserted[0]!.style.cssText).toContain("height:0");
    refused.loadAndWait();
    expect(refused.inserted).toEqual([]);
    expect(refused.consoleLines).toHaveLength(1);
    expect(refused.consoleLines[0]).toContain('"harbour-view-hotel" is not shown on https://www.hotel.example');
    expect(refused.consoleLines[0]).toContain("Add https://www.hotel.example to its allowed sites in Settings › Booking engine (https://book.example/settings/booking-engine)");

    const shown = hotelPage({ "data-hotel": "harbour-view-hotel" });
    shown.post("https://book.example", { type: "room-booking:resize", height: 420 });
    shown.loadAndWait();
    expect(shown.inserted).toHaveLength(1);
    expect(shown.inserted[0]!.style.height).toBe("420px");
    expect(shown.consoleLines).toEqual([]);
    // A message from elsewhere does not count as the embed's.
    const spoofed = hotelPage({ "data-hotel": "harbour-view-hotel" });
    spoofed.post("https://evil.example", { type: "room-booking:resize", height: 420 });
    spoofed.loadAndWait();
    expect(spoofed.inserted).toEqual([]);
  });

  it("does nothing for a missing or malformed data-hotel", () => {
    expect(hotelPage({}).inserted).toEqual([]);
    expect(hotelPage({ "data-hotel": "../../admin" }).inserted).toEqual([]);
  });

  it("is at most 4 KB gzipped, names no key, and is served cached with its integrity hash", async () => {
    expect(gzipSync(WIDGET_SCRIPT).length).toBeLessThanOrEqual(4096);
    expect(WIDGET_SCRIPT).not.toMatch(/rbp_|api-key/i);
    const response = GET();
    const body = await response.text();
    expect(`sha384-${createHash("sha384").update(body).digest("base64")}`).toBe(WIDGET_INTEGRITY);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=3600/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});
