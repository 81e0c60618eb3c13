import { describe, expect, it } from "vitest";
import { api } from "../../support/partner-api";

describe("with the database unreachable", () => {
  it("answers 503 service_unavailable with Retry-After, problem+json, no internals", async () => {
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/nowhere";
    process.env.RATE_LIMIT_BACKEND = "memory";
    // A malformed key (bad checksum) is refused without reading the database.
    const malformed = await api("GET", "/me", { key: `rbp_${"0".repeat(38)}` });
    expect(malformed.status).toBe(401);
    expect(malformed.body.code).toBe("invalid_api_key");
    // A well-formed key needs the database to be checked.
    const { generateApiKey } = await import("@/lib/api-keys/key-format");
    const down = await api("GET", "/me", { key: generateApiKey().key });
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toBe("application/problem+json");
    expect(down.body.code).toBe("service_unavailable");
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(down.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres/);
  });
});
