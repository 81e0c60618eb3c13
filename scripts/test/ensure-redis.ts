import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection } from "node:net";
import { freePort } from "../lib/ports";

/**
 * A Redis for the rate-limit tests: REDIS_URL when set, else a private redis-server on a free
 * port (nothing kept on disk). redis-server itself is needed either way (the fault tests start
 * their own), installed from Debian's packages when running as root and missing. Tests use
 * key prefixes of their own and never flush.
 */
export type TestRedis = { url: string; stop: () => Promise<void> };

function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
    socket.setTimeout(500, () => {
      socket.destroy();
      done(false);
    });
    socket.once("data", (data) => {
      socket.destroy();
      done(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => done(false));
  });
}

/**
 * The redis-server program: the fault tests start private ones (stopped, frozen) even when
 * REDIS_URL names the shared Redis. Installed from Debian's packages when running as root.
 */
function ensureRedisServerProgram(): void {
  if (!hasRedisServer()) {
    if (process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
      console.error("[test] no redis-server found: installing Debian's redis-server package ...");
      spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      spawnSync("apt-get", ["install", "-y", "-qq", "redis-server"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    }
    if (!hasRedisServer()) {
      throw new Error("No redis-server for the rate-limit and fault tests. Install it (Debian/Ubuntu: apt-get install redis-server).");
    }
  }
}

export async function ensureRedis(): Promise<TestRedis> {
  ensureRedisServerProgram();
  const fromEnv = process.env.REDIS_URL?.trim();
  if (fromEnv) return { url: fromEnv, stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 50 && !(await answersPing(port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await answersPing(port))) {
    child.kill();
    throw new Error(`redis-server did not start on port ${port}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
    },
  };
}
