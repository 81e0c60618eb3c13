import { describe, expect, it } from "vitest";
import { RatesNightCache, type CachedNight, type NightRange } from "@/lib/rates/rates-night-cache";

/** The rules that keep GET /rates' copies of nights exact (lib/rates/rates-night-cache.ts), without a database. */
const night = (rate: number): CachedNight => ({ rate, fields: `"availableRooms":3,"closed":false` });
const dates = ["2027-03-01", "2027-03-02", "2027-03-03"];
const at = (version: string, marks: NightRange[] = []) => ({ version, marks });
const kept = [night(100), null, night(120)];

describe("RatesNightCache", () => {
  it("serves what it kept, at the version it was read at, for the dates it holds", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("4"), "rt1", dates, kept);
    expect(cache.versionOf("p1")).toBe("4");
    expect(cache.nights("p1", at("4"), "rt1", dates)).toEqual(kept);
    expect(cache.nights("p1", at("4"), "rt1", ["2027-03-02", "2027-03-03", "2027-03-04"])).toEqual([null, night(120), undefined]);
    expect(cache.nights("p1", at("4"), "rt2", dates)).toEqual([undefined, undefined, undefined]);
    expect(cache.nights("p2", at("4"), "rt1", dates)).toEqual([undefined, undefined, undefined]);
    expect(cache.versionOf("p2")).toBeNull();
  });

  it("serves no night a mark waits on, nor any at another version", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("4"), "rt1", dates, kept);
    expect(cache.nights("p1", at("4", [{ roomTypeId: "rt1", first: "2027-02-27", last: "2027-03-01" }, { roomTypeId: "rt2", first: "2027-03-03", last: "2027-03-03" }]), "rt1", dates)).toEqual([
      undefined,
      null,
      night(120),
    ]);
    expect(cache.nights("p1", at("4", [{ roomTypeId: "rt1", first: "2027-03-03", last: "2027-04-30" }]), "rt1", dates)).toEqual([night(100), null, undefined]);
    expect(cache.nights("p1", at("5"), "rt1", dates)).toEqual([undefined, undefined, undefined]);
    expect(cache.nights("p1", at("3"), "rt1", dates)).toEqual([undefined, undefined, undefined]);
  });

  it("catching up drops what the rounds announced; without every round, the whole copy", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("4"), "rt1", dates, kept);
    cache.keep("p1", at("4"), "rt2", dates, kept);
    cache.catchUp("p1", "4", "6", [{ roomTypeId: "rt1", first: "2027-03-02", last: "2027-03-09" }]);
    expect(cache.versionOf("p1")).toBe("6");
    expect(cache.nights("p1", at("6"), "rt1", dates)).toEqual([night(100), undefined, undefined]);
    expect(cache.nights("p1", at("6"), "rt2", dates)).toEqual(kept);
    // Another pull moved the copy meanwhile: nothing.
    cache.catchUp("p1", "4", "7", null);
    expect(cache.versionOf("p1")).toBe("6");
    cache.catchUp("p1", "6", "9", null);
    expect(cache.versionOf("p1")).toBeNull();
  });

  it("keeps nothing read at another version than the copy's; a pull with no copy starts one", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("9"), "rt1", dates, kept);
    cache.keep("p1", at("8"), "rt2", dates, kept);
    cache.keep("p1", at("10"), "rt2", dates, kept);
    expect(cache.nights("p1", at("9"), "rt2", dates)).toEqual([undefined, undefined, undefined]);
    expect(cache.nights("p1", at("9"), "rt1", dates)).toEqual(kept);
  });

  it("drops the least recently read property when the copies pass their size", () => {
    const many = Array.from({ length: 100 }, (_, i) => `2027-01-${String(i).padStart(3, "0")}`);
    const cache = new RatesNightCache(40_000);
    cache.keep("p1", at("1"), "rt1", many, many.map(() => night(100)));
    cache.keep("p2", at("1"), "rt1", many, many.map(() => night(100)));
    expect(cache.versionOf("p1")).toBe("1");
    cache.keep("p3", at("1"), "rt1", many, many.map(() => night(100)));
    expect(cache.versionOf("p2")).toBeNull();
    expect(cache.versionOf("p1")).toBe("1");
    expect(cache.versionOf("p3")).toBe("1");
  });
});
