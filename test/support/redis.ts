import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import IORedis from "ioredis";
import { inject } from "vitest";
import { freePort } from "@/scripts/lib/ports";

/** The run's Redis (test/support/global-setup.ts): REDIS_URL, or a private redis-server. Shared: never flush it. */
export function testRedisUrl(): string {
  return inject("redisUrl");
}

/** A key prefix no other test (or run) uses. */
export function uniquePrefix(label: string): string {
  return `rbtest:${label}:${randomBytes(6).toString("hex")}`;
}

/** Deletes the keys under `prefix` (SCAN, never FLUSH*). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = new IORedis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

/**
 * A brand-new redis-server of this test's own (no scripts loaded yet), for the NOSCRIPT path,
 * which cannot be provoked on the shared one without SCRIPT FLUSH (global).
 */
export async function startFreshRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill();
    });
  };
  for (let attempt = 0; ; attempt++) {
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.ping();
      return { url, stop };
    } catch (error) {
      if (attempt >= 50 || child.exitCode !== null) {
        await stop();
        throw error;
      }
      await new Promise((resume) => setTimeout(resume, 100));
    } finally {
      probe.disconnect();
    }
  }
}
