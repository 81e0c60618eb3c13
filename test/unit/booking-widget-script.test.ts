import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/widget.js/route";
import { WIDGET_INTEGRITY, WIDGET_SCRIPT } from "@/lib/booking-engine/widget-script";

/** The smallest page widget.js needs: its own script tag, a parent to insert into, window messages. */
function hotelPage(attributes: Record<string, string>) {
  const inserted: Record<string, any>[] = [];
  const dispatched: { type: string; detail: unknown }[] = [];
  const listeners: ((event: unknown) => void)[] = [];
  const script = {
    src: "https://book.example/widget.js",
    getAttribute: (name: string) => attributes[name] ?? null,
    parentNode: { insertBefore: (node: Record<string, any>) => inserted.push(node) },
    nextSibling: null,
    dispatchEvent: (event: { type: string; detail: unknown }) => dispatched.push(event),
  };
  const frameWindow = {};
  const context = {
    document: { currentScript: script, createElement: () => ({ style: {}, contentWindow: frameWindow }) },
    window: { addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener) },
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
  return { inserted, dispatched, post };
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
