import { errors, Redis } from "@upstash/redis";
import { toCount, type RedisStore } from "./redis-store";

/**
 * Upstash over its REST API (@upstash/redis): no retries (the default retries for ~4 s), and
 * every HTTP request aborted after `requestTimeoutMs` so hung connections do not pile up (the
 * limiter itself gives up much earlier and fails open). Auto-pipelining stays on (the default).
 */
export function createUpstashRestStore(options: { url: string; token: string; requestTimeoutMs: number }): RedisStore {
  const redis = new Redis({
    url: options.url,
    token: options.token,
    retry: { retries: 0 },
    enableTelemetry: false,
    signal: () => AbortSignal.timeout(options.requestTimeoutMs),
  });
  return {
    ratelimitClient: {
      evalsha: (sha, keys, args) => redis.evalsha(sha, keys, args),
      eval: (script, keys, args) => redis.eval(script, keys, args),
    },
    async readCounters(keys) {
      const values = await redis.mget<unknown[]>(...keys);
      return values.map(toCount);
    },
    async ping() {
      await redis.ping();
    },
    isErrorReply: isRedisErrorReply,
    async close() {},
  };
}

/**
 * Redis's own error replies come back as UpstashError "<CODE> <message>, command was: ..."
 * (WRONGTYPE, ERR, NOSCRIPT, ...): Upstash answered. Anything else (fetch failed, aborted,
 * 401 "Unauthorized", an unparsable body from a proxy) counts as the service being unreachable.
 */
export function isRedisErrorReply(error: unknown): boolean {
  return error instanceof errors.UpstashError && !(error instanceof errors.UpstashJSONParseError) && /^[A-Z][A-Z_-]+ /.test(error.message);
}
