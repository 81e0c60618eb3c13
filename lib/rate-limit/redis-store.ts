/**
 * What the Redis-backed limiter needs from a connection: `ratelimitClient` is handed to
 * @upstash/ratelimit, which calls only `evalsha(sha, keys, args)` and, when the error says
 * NOSCRIPT, `eval(script, keys, args)` (Upstash-style signatures); the rest is ours.
 */
export type RedisStore = {
  readonly ratelimitClient: UpstashStyleScripting;
  /** The integer values of `keys` (missing keys count 0). */
  readCounters(keys: string[]): Promise<number[]>;
  /** Resolves when the server answers PING; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Whether a rejection is Redis answering with an error (WRONGTYPE, NOPERM, ...) rather than a
   * connection failure: the circuit breaker counts only timeouts and connection failures, so a
   * few bad keys cannot open it for everyone. Absent: every error counts as a failure.
   */
  isErrorReply?(error: unknown): boolean;
  close(): Promise<void>;
};

export type UpstashStyleScripting = {
  evalsha(sha: string, keys: string[], args: unknown[]): Promise<unknown>;
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
};

/** A Redis counter value as sent back by either client: integer string, number, or null. */
export function toCount(value: unknown): number {
  const count = typeof value === "number" ? value : typeof value === "string" ? Number(value) : 0;
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}
