import { afterEach, describe, expect, it, vi } from "vitest";

describe("getRateLimiter", () => {
  afterEach(async () => {
    const { closeRateLimiter } = await import("@/lib/rate-limit/get-rate-limiter");
    await closeRateLimiter();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("makes one limiter per process and warns loudly when it is in memory", async () => {
    vi.resetModules();
    for (const name of ["REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "RATE_LIMIT_BACKEND"]) vi.stubEnv(name, "");
    const { log } = await import("@/lib/log");
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const { getRateLimiter } = await import("@/lib/rate-limit/get-rate-limiter");
    const limiter = getRateLimiter();
    expect(limiter.backend).toBe("memory");
    expect(getRateLimiter()).toBe(limiter);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toContain("in-memory rate limits: per process, not shared across instances");
  });

  it("uses Redis when REDIS_URL is set (connecting lazily)", async () => {
    vi.resetModules();
    for (const name of ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "RATE_LIMIT_BACKEND"]) vi.stubEnv(name, "");
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
    const { log } = await import("@/lib/log");
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const { getRateLimiter } = await import("@/lib/rate-limit/get-rate-limiter");
    expect(getRateLimiter().backend).toBe("redis");
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ rateLimitBackend: "redis", target: "redis://127.0.0.1:1", prefix: "rb:rl" }), "rate limits on redis");
  });
});
