import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiKeyHint, generateApiKey, hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/key-format";

describe("API key values", () => {
  it("have the rbp_ prefix, 38 base62 characters and a valid checksum", () => {
    const { key } = generateApiKey();
    expect(key).toMatch(/^rbp_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("are refused without a database read when mistyped or truncated", () => {
    const { key } = generateApiKey();
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expect(isWellFormedApiKey(typo)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey(key.replace("rbp_", "sk_"))).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });

  it("are stored only as SHA-256, with a hint that does not reveal the value", () => {
    const generated = generateApiKey();
    expect(generated.hash).toBe(createHash("sha256").update(generated.key).digest("hex"));
    expect(hashApiKey(generated.key)).toBe(generated.hash);
    expect(generated.hint).toBe(apiKeyHint(generated.key));
    expect(generated.hint).toMatch(/^rbp_[0-9A-Za-z]{4}…[0-9A-Za-z]{4}$/);
    expect(generated.hint.replace("…", "").length).toBeLessThan(generated.key.length / 2);
  });

  it("never repeat", () => {
    const keys = new Set(Array.from({ length: 2_000 }, () => generateApiKey().key));
    expect(keys.size).toBe(2_000);
  });
});
