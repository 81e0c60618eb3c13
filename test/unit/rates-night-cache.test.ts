import { describe, expect, it } from "vitest";
import { RatesNightCache, type CachedNight } from "@/lib/rates/rates-night-cache";

/** The rules that keep GET /rates' copies of nights exact (lib/rates/rates-night-cache.ts), without a database. */
const night = (rate: number): CachedNight => ({ rate, fields: `"availableRooms":3,"closed":false` });
const dates = ["2027-03-01", "2027-03-02", "2027-03-03"];
const at = (version: string, pending = false) => ({ version, pending });

describe("RatesNightCache", () => {
  it("serves what it kept, at the version it was read at, for the dates it holds", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("4"), "rt1", dates, [night(100), null, night(120)]);
    expect(cache.nights("p1", at("4"), "rt1", dates)).toEqual([night(100), null, night(120)]);
    expect(cache.nights("p1", at("4"), "rt1", dates.slice(1))).toEqual([null, night(120)]);
    expect(cache.nights("p1", at("4"), "rt1", ["2027-03-04"])).toBeNull();
    expect(cache.nights("p1", at("4"), "rt2", dates)).toBeNull();
    expect(cache.nights("p2", at("4"), "rt1", dates)).toBeNull();
  });

  it("serves nothing once the version moved or while marks wait, and keeps nothing read while they wait", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("4"), "rt1", dates, [night(100), night(110), night(120)]);
    expect(cache.nights("p1", at("5"), "rt1", dates)).toBeNull();
    expect(cache.nights("p1", at("4", true), "rt1", dates)).toBeNull();
    cache.keep("p1", at("5", true), "rt1", dates, [night(1), night(1), night(1)]);
    expect(cache.nights("p1", at("5"), "rt1", dates)).toBeNull();
  });

  it("a newer version's read replaces the copy; a read older than the copy keeps nothing", () => {
    const cache = new RatesNightCache(1024 * 1024);
    cache.keep("p1", at("9"), "rt1", dates, [night(100), night(110), night(120)]);
    cache.keep("p1", at("10"), "rt2", dates, [night(200), night(210), night(220)]);
    expect(cache.nights("p1", at("10"), "rt2", dates)).toEqual([night(200), night(210), night(220)]);
    expect(cache.nights("p1", at("10"), "rt1", dates)).toBeNull();
    cache.keep("p1", at("9"), "rt1", dates, [night(1), night(1), night(1)]);
    expect(cache.nights("p1", at("9"), "rt1", dates)).toBeNull();
    expect(cache.nights("p1", at("10"), "rt2", dates)).not.toBeNull();
  });

  it("drops the least recently read property when the copies pass their size", () => {
    const many = Array.from({ length: 100 }, (_, i) => `2027-01-${String(i).padStart(3, "0")}`);
    const cache = new RatesNightCache(40_000);
    cache.keep("p1", at("1"), "rt1", many, many.map(() => night(100)));
    cache.keep("p2", at("1"), "rt1", many, many.map(() => night(100)));
    expect(cache.nights("p1", at("1"), "rt1", many)).not.toBeNull();
    cache.keep("p3", at("1"), "rt1", many, many.map(() => night(100)));
    expect(cache.nights("p2", at("1"), "rt1", many)).toBeNull();
    expect(cache.nights("p1", at("1"), "rt1", many)).not.toBeNull();
    expect(cache.nights("p3", at("1"), "rt1", many)).not.toBeNull();
  });
});
