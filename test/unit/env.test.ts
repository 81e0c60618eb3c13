import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

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
});
