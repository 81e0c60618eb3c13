import IORedis, { ReplyError } from "ioredis";
import { toCount, type RedisStore, type UpstashStyleScripting } from "./redis-store";

/** The subset of an ioredis client the store uses (a fake in unit tests). */
export type IoredisLike = Pick<IORedis, "status" | "connect" | "disconnect" | "quit" | "evalsha" | "eval" | "mget" | "ping" | "once" | "off">;

type RedisArg = string | number | Buffer;

/**
 * A self-hosted Redis over TCP (ioredis). Nothing waits for Redis that is known to be down: no
 * offline queue, no per-command retries, and while the client is reconnecting every command
 * fails at once (the limiter fails open). Only a connection attempt in progress is awaited
 * (bounded by `connectWaitMs`), so the first requests after start-up are really counted.
 *
 * Commands are auto-pipelined: those issued in one turn of the event loop (the checks of the
 * requests read in that turn) go to Redis in one write, while one such batch is in flight at a
 * time. Each check is still its own script call, counted exactly; the benchmark's server made
 * about 0.4 writes to Redis per request instead of one, and a socket write costs more
 * main-thread CPU on these machines than the rest of a check.
 */
export function createIoredisStore(options: {
  url: string;
  connectTimeoutMs?: number;
  /** Rejects commands a hung server never answers (the limiter stopped waiting long before), so they do not pile up. */
  commandTimeoutMs?: number;
  onError?: (error: Error) => void;
}): RedisStore {
  const client = new IORedis(options.url, {
    lazyConnect: true,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: options.connectTimeoutMs ?? 1_000,
    commandTimeout: options.commandTimeoutMs ?? 2_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Without a listener ioredis prints "Unhandled error event" for every failed reconnect.
  client.on("error", (error: Error) => options.onError?.(error));
  return storeOverIoredis(client, { connectWaitMs: options.connectTimeoutMs ?? 1_000 });
}

export function storeOverIoredis(client: IoredisLike, options: { connectWaitMs: number }): RedisStore {
  function ready(): Promise<void> {
    switch (client.status) {
      case "ready":
        return Promise.resolve();
      case "wait":
        client.connect().catch(() => {}); // failures arrive as "error"/"close" events
        return untilReady();
      case "connecting":
      case "connect":
        return untilReady();
      default: // "close", "reconnecting", "end": known to be down
        return Promise.reject(new Error(`Redis connection is ${client.status}`));
    }
  }

  // One wait per connection attempt, shared by every check that arrives meanwhile.
  let connecting: Promise<void> | undefined;
  function untilReady(): Promise<void> {
    connecting ??= new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        client.off("ready", onReady);
        client.off("close", onClose);
        client.off("end", onClose);
        connecting = undefined;
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => done();
      const onClose = () => done(new Error("Redis connection failed"));
      const timer = setTimeout(() => done(new Error(`Redis did not connect within ${options.connectWaitMs} ms`)), options.connectWaitMs);
      timer.unref?.();
      client.once("ready", onReady);
      client.once("close", onClose);
      client.once("end", onClose);
    });
    return connecting;
  }

  const ratelimitClient: UpstashStyleScripting = {
    async evalsha(sha, keys, args) {
      await ready();
      return client.evalsha(sha, keys.length, ...keys, ...args.map(toRedisArg));
    },
    async eval(script, keys, args) {
      await ready();
      return client.eval(script, keys.length, ...keys, ...args.map(toRedisArg));
    },
  };

  return {
    ratelimitClient,
    async readCounters(keys) {
      await ready();
      const values = await client.mget(...keys);
      return values.map(toCount);
    },
    async ping() {
      await ready();
      await client.ping();
    },
    isErrorReply: (error) => error instanceof ReplyError,
    async close() {
      if (client.status === "ready") {
        await client.quit().catch(() => client.disconnect());
      } else {
        client.disconnect();
      }
    },
  };
}

/** Arguments as @upstash/redis would serialize them: strings and numbers as they are, the rest as JSON. */
function toRedisArg(value: unknown): RedisArg {
  if (typeof value === "string" || typeof value === "number" || Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}
