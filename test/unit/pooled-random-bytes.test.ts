import { describe, expect, it } from "vitest";
import { idPattern, newId } from "@/lib/ids";
import { pooledRandomBytes } from "@/lib/pooled-random-bytes";

describe("pooledRandomBytes", () => {
  it("gives bytes of the size asked, never the same twice, across refills of the pool", () => {
    const seen = new Set<string>();
    // 7 does not divide 4096: draws straddle the pool's end and force refills.
    for (let i = 0; i < 5_000; i++) {
      const bytes = pooledRandomBytes(7 + (i % 13));
      expect(bytes.length).toBe(7 + (i % 13));
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(5_000);
  });

  it("hands out copies: changing one does not change what comes next", () => {
    const first = pooledRandomBytes(16);
    first.fill(0);
    const next = Array.from({ length: 300 }, () => pooledRandomBytes(16));
    expect(next.some((b) => b.equals(Buffer.alloc(16)))).toBe(false);
  });

  it("uses every bit: each byte value turns up, and ones are about half of all bits", () => {
    const bytes = Buffer.concat(Array.from({ length: 2_000 }, () => pooledRandomBytes(20)));
    expect(new Set(bytes).size).toBe(256);
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit++) ones += (byte >> bit) & 1;
    expect(ones / (bytes.length * 8)).toBeGreaterThan(0.48);
    expect(ones / (bytes.length * 8)).toBeLessThan(0.52);
  });

  it("refuses sizes it cannot serve", () => {
    for (const size of [0, -1, 1.5, 4097]) expect(() => pooledRandomBytes(size)).toThrow(RangeError);
  });
});

describe("newId", () => {
  it("makes well-formed ids that do not repeat", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("bk"));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(new RegExp(idPattern("bk")));
  });
});
