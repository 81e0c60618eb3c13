import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicBaseUrl } from "@/lib/env";
import { environmentWarnings } from "@/lib/startup-check";

const production = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://app@db.internal:5432/rooms",
  SESSION_SECRET: "x".repeat(32),
  UPSTASH_REDIS_REST_URL: "https://eu1.upstash.example",
  UPSTASH_REDIS_REST_TOKEN: "token",
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    parseEnv(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
}

describe("environment", () => {
  it("needs nothing in development", () => {
    expect(parseEnv({}).PORT).toBe(3000);
    expect(parseEnv({}).DATABASE_PREPARED_STATEMENTS).toBe("on");
    expect(parseEnv({ DATABASE_PREPARED_STATEMENTS: "off" }).DATABASE_PREPARED_STATEMENTS).toBe("off");
  });

  it("accepts a complete production environment", () => {
    expect(problems(production)).toEqual([]);
    expect(problems({ ...production, UPSTASH_REDIS_REST_URL: undefined, UPSTASH_REDIS_REST_TOKEN: undefined, REDIS_URL: "redis://cache:6379" })).toEqual([]);
  });

  it("names each missing production variable", () => {
    const found = problems({ NODE_ENV: "production" });
    expect(found.join("\n")).toMatch(/DATABASE_URL: is required in production/);
    expect(found.join("\n")).toMatch(/SESSION_SECRET: is required in production/);
    expect(found.join("\n")).toMatch(/rate-limit backend/);
  });

  it("allows the in-memory limiter in production only when asked for by name", () => {
    const withoutBackend = { ...production, UPSTASH_REDIS_REST_URL: undefined, UPSTASH_REDIS_REST_TOKEN: undefined };
    expect(problems(withoutBackend)).toHaveLength(1);
    expect(problems({ ...withoutBackend, RATE_LIMIT_BACKEND: "memory" })).toEqual([]);
  });

  it("names malformed variables", () => {
    expect(problems({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL: /);
    expect(problems({ SESSION_SECRET: "short" })[0]).toMatch(/^SESSION_SECRET: must be at least 32 characters/);
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(problems({ DATABASE_PREPARED_STATEMENTS: "no" })[0]).toMatch(/^DATABASE_PREPARED_STATEMENTS: /);
    expect(problems({ UPSTASH_REDIS_REST_URL: "https://x.example" })[0]).toMatch(/^UPSTASH_REDIS_REST_TOKEN: /);
  });

  it("gives one public address to every part: PUBLIC_BASE_URL, else localhost on PORT (not 3000 when PORT says otherwise)", () => {
    expect(publicBaseUrl(parseEnv({ PORT: "3100" }))).toBe("http://localhost:3100");
    expect(publicBaseUrl(parseEnv({}))).toBe("http://localhost:3000");
    expect(publicBaseUrl(parseEnv({ PORT: "3100", PUBLIC_BASE_URL: "https://book.example/" }))).toBe("https://book.example");
    // The admin CLI reads process.env as it is.
    expect(publicBaseUrl({ ...process.env, PUBLIC_BASE_URL: undefined, PORT: "3100" })).toBe("http://localhost:3100");
  });

  it("warns a production server once when PUBLIC_BASE_URL is unset, and says where links then point", () => {
    expect(environmentWarnings(parseEnv({ ...production, PORT: "8080" }))).toEqual([expect.stringContaining("PUBLIC_BASE_URL is not set")]);
    expect(environmentWarnings(parseEnv({ ...production, PORT: "8080" }))[0]).toContain("http://localhost:8080");
    expect(environmentWarnings(parseEnv({ ...production, PUBLIC_BASE_URL: "https://book.example" }))).toEqual([]);
    expect(environmentWarnings(parseEnv({}))).toEqual([]);
  });
});
