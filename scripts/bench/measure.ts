import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import type { BenchRequest } from "./bench-data";

export type Measured = { requestsPerSecond: number; p50: number; p99: number; errors: number };

/**
 * Closed-loop load with autocannon: `connections` connections, each sending its next request
 * when the last one is answered, for `seconds` (or `amount` requests in all, for a warm-up).
 * Errors: non-2xx answers, timeouts and connection errors.
 */
export function measure(base: string, request: (i: number) => BenchRequest, load: { connections: number; seconds?: number; amount?: number }) {
  let i = 0;
  return new Promise<Measured>((done, fail) => {
    autocannon(
      {
        url: base,
        connections: load.connections,
        ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
        requests: [{ setupRequest: (req) => ({ ...req, ...request(i++) }) }],
      },
      (error, result) => {
        if (error) return fail(error);
        done({ requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors });
      },
    );
  });
}

/** The rate limiter alone, from this process: 2,000 checks one after another. */
export async function limiterOverhead(): Promise<{ backend: string; p50: number; p99: number }> {
  const backend = process.env.REDIS_URL ? "redis" : "memory";
  const limiter = createRateLimiter({ backend, redisUrl: process.env.REDIS_URL, prefix: `rb-bench:${randomUUID()}` });
  const timings: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const started = performance.now();
    await limiter.check(`bench-${i % 20}`, { name: "pro", limit: 1_000_000, windowSeconds: 60 });
    timings.push(performance.now() - started);
  }
  await limiter.close();
  timings.sort((a, b) => a - b);
  const at = (q: number) => Math.round(timings[Math.floor(q * (timings.length - 1))]! * 1000) / 1000;
  return { backend, p50: at(0.5), p99: at(0.99) };
}
