import { describe, expect, it, vi } from "vitest";
import { createCircuitBreaker, type BreakerTimers } from "@/lib/rate-limit/circuit-breaker";
import { createRedisBackedRateLimiter } from "@/lib/rate-limit/redis-backed-rate-limiter";
import type { RedisStore } from "@/lib/rate-limit/redis-store";
import { createThrottledWarning } from "@/lib/rate-limit/throttled-warning";
import { isRedisErrorReply } from "@/lib/rate-limit/upstash-rest-store";
import { errors } from "@upstash/redis";

/** Interval timers driven by hand: advance(ms) fires what is due, in order. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const intervals = new Map<number, { callback: () => void; ms: number; due: number; unref: ReturnType<typeof vi.fn> }>();
  const timers: BreakerTimers = {
    setInterval(callback, ms) {
      const id = nextId++;
      const unref = vi.fn();
      intervals.set(id, { callback, ms, due: now + ms, unref });
      return { id, unref };
    },
    clearInterval(handle) {
      intervals.delete((handle as { id: number }).id);
    },
  };
  return {
    timers,
    now: () => now,
    active: () => [...intervals.values()],
    /** Moves the clock on, firing due intervals, and lets the probes' promises settle. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...intervals.values()].filter((entry) => entry.due <= until).sort((a, b) => a.due - b.due)[0];
        if (!due) break;
        now = due.due;
        due.due += due.ms;
        due.callback();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      now = until;
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

function breakerWith(probe: () => Promise<unknown>) {
  const clock = manualTimers();
  const logger = { warn: vi.fn(), info: vi.fn() };
  const breaker = createCircuitBreaker({ name: "test", probe, logger, timers: clock.timers, now: clock.now });
  return { breaker, clock, logger };
}

describe("circuit breaker", () => {
  it("opens after 3 consecutive failures, logging one line", () => {
    const { breaker, logger, clock } = breakerWith(async () => {});
    breaker.recordFailure(new Error("ECONNREFUSED"));
    breaker.recordFailure(new Error("ECONNREFUSED"));
    expect(breaker.isOpen()).toBe(false);
    expect(clock.active()).toHaveLength(0);
    breaker.recordFailure(new Error("ECONNREFUSED"));
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.state).toBe("open");
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[1]).toMatch(/circuit breaker open after 3 consecutive failures/);
    // More failures while open (late answers) log nothing more.
    breaker.recordFailure();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    breaker.close();
  });

  it("does not open after 2 failures, a success, then 2 failures (a success resets the count)", () => {
    const { breaker } = breakerWith(async () => {});
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(true);
    breaker.close();
  });

  it("probes every 2 s while open (an unref'd timer, never before) and closes on the first answer, logging one line", async () => {
    let answers = false;
    const probe = vi.fn(async () => {
      if (!answers) throw new Error("ECONNREFUSED");
    });
    const { breaker, clock, logger } = breakerWith(probe);
    await clock.advance(10_000);
    expect(probe).not.toHaveBeenCalled(); // closed: no probe at all
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    expect(clock.active()).toHaveLength(1);
    expect(clock.active()[0]?.unref).toHaveBeenCalledTimes(1);
    await clock.advance(1_999);
    expect(probe).toHaveBeenCalledTimes(0);
    await clock.advance(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await clock.advance(4_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(breaker.isOpen()).toBe(true);
    answers = true;
    await clock.advance(2_000);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(breaker.isOpen()).toBe(false);
    expect(clock.active()).toHaveLength(0); // the probe stops once closed
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]?.[0]).toMatchObject({ openForMs: 8_000 });
    expect(logger.info.mock.calls[0]?.[1]).toMatch(/circuit breaker closed/);
    await clock.advance(10_000);
    expect(probe).toHaveBeenCalledTimes(4);
    // Closed again, it counts afresh: 2 failures do not reopen it.
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
  });

  it("keeps one probe in flight at a time (a hung backend)", async () => {
    let settle: (() => void) | undefined;
    const probe = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const { breaker, clock } = breakerWith(probe);
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    await clock.advance(10_000);
    expect(probe).toHaveBeenCalledTimes(1);
    settle?.();
    await clock.advance(0);
    expect(breaker.isOpen()).toBe(false);
  });

  it("close() stops the probe, and nothing opens it again", async () => {
    const probe = vi.fn(async () => {
      throw new Error("down");
    });
    const { breaker, clock } = breakerWith(probe);
    for (let i = 0; i < 3; i++) breaker.recordFailure();
    await clock.advance(2_000);
    expect(probe).toHaveBeenCalledTimes(1);
    breaker.close();
    expect(clock.active()).toHaveLength(0);
    await clock.advance(10_000);
    expect(probe).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
    expect(clock.active()).toHaveLength(0);
  });

  it("uses real, unref'd timers by default", () => {
    const breaker = createCircuitBreaker({ name: "test", probe: async () => {}, logger: { warn: vi.fn(), info: vi.fn() } });
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    try {
      for (let i = 0; i < 3; i++) breaker.recordFailure();
      const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
      expect(setIntervalSpy.mock.calls[0]?.[1]).toBe(2_000);
      expect(timer.hasRef()).toBe(false);
    } finally {
      breaker.close();
      setIntervalSpy.mockRestore();
    }
  });
});

const free = { name: "free", limit: 120, windowSeconds: 60 };

/** A store whose calls are counted and whose behaviour the test switches. */
function switchableStore() {
  const state = { mode: "down" as "down" | "up" | "reply-error", calls: 0, pings: 0 };
  const answer = async (): Promise<unknown> => {
    state.calls += 1;
    if (state.mode === "down") throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    if (state.mode === "reply-error") throw new ReplyLike("WRONGTYPE Operation against a key holding the wrong kind of value");
    return [119, 120];
  };
  const store: RedisStore = {
    ratelimitClient: { evalsha: answer, eval: answer },
    readCounters: async () => [0, 0],
    ping: async () => {
      state.pings += 1;
      if (state.mode === "down") throw new Error("connect ECONNREFUSED");
    },
    isErrorReply: (error) => error instanceof ReplyLike,
    close: async () => {},
  };
  return { store, state };
}

class ReplyLike extends Error {}

describe("the Redis-backed limiter behind its circuit breaker (fakes)", () => {
  function limiterOver(store: RedisStore) {
    const clock = manualTimers();
    const logger = { warn: vi.fn(), info: vi.fn() };
    const limiter = createRedisBackedRateLimiter({
      backend: "redis",
      store,
      prefix: "t",
      timeoutMs: 50,
      warn: createThrottledWarning({ logger }),
      breaker: { logger, timers: clock.timers },
    });
    return { limiter, clock, logger };
  }

  it("skips the store while open (failing open), says degraded at once, and counts again once the probe is answered", async () => {
    const { store, state } = switchableStore();
    const { limiter, clock } = limiterOver(store);
    for (let i = 0; i < 3; i++) expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "error" });
    const callsWhenOpened = state.calls;
    for (let i = 0; i < 50; i++) expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "circuit-open", remaining: 119 });
    expect(state.calls).toBe(callsWhenOpened);
    const pingsBefore = state.pings;
    expect(await limiter.health()).toBe("degraded");
    expect(state.pings).toBe(pingsBefore); // health did not wait on Redis
    state.mode = "up";
    expect(await limiter.check("p", free)).toMatchObject({ degraded: true }); // still open until the probe
    await clock.advance(2_000);
    const decision = await limiter.check("p", free);
    expect(decision.degraded).toBeUndefined();
    expect(state.calls).toBe(callsWhenOpened + 1);
    expect(await limiter.health()).toBe("ok");
    await limiter.close();
    expect(clock.active()).toHaveLength(0);
  });

  it("opens on timeouts, and from then on neither checks nor health ask the store", async () => {
    const asked: string[] = [];
    const never = (what: string) => () => {
      asked.push(what);
      return new Promise<never>(() => {});
    };
    const store: RedisStore = { ratelimitClient: { evalsha: never("evalsha"), eval: never("eval") }, readCounters: never("readCounters"), ping: never("ping"), close: async () => {} };
    const { limiter, logger } = limiterOver(store);
    for (let i = 0; i < 3; i++) expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "timeout" });
    expect(asked).toEqual(["evalsha", "evalsha", "evalsha"]);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ backend: "redis", consecutiveFailures: 3 }), expect.stringMatching(/circuit breaker open/));
    for (let i = 0; i < 20; i++) expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "circuit-open" });
    expect(await limiter.health()).toBe("degraded");
    expect(asked).toEqual(["evalsha", "evalsha", "evalsha"]); // open: not one call more, so nothing waits for the hung store
    await limiter.close();
  });

  it("does not count Redis's error replies (Redis answered) as failures", async () => {
    const { store, state } = switchableStore();
    state.mode = "reply-error";
    const { limiter } = limiterOver(store);
    for (let i = 0; i < 10; i++) expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true });
    expect(state.calls).toBe(10); // every check still asked Redis
    await limiter.close();
  });
});

describe("Upstash error replies", () => {
  it("tells Redis's error replies from an unreachable service", () => {
    expect(isRedisErrorReply(new errors.UpstashError('WRONGTYPE Operation against a key holding the wrong kind of value, command was: ["EVALSHA"]'))).toBe(true);
    expect(isRedisErrorReply(new errors.UpstashError("ERR unknown command, command was: []"))).toBe(true);
    expect(isRedisErrorReply(new errors.UpstashError("Unauthorized, command was: []"))).toBe(false);
    expect(isRedisErrorReply(new errors.UpstashJSONParseError("<html>502 Bad Gateway</html>"))).toBe(false);
    expect(isRedisErrorReply(new TypeError("fetch failed"))).toBe(false);
  });
});
