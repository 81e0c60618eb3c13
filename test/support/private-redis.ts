import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { freePort } from "@/scripts/lib/ports";

/**
 * A redis-server of the test's own, on a free port, nothing kept on disk, for fault tests:
 * stop it, start it again on the same port, freeze it (SIGSTOP) and thaw it (SIGCONT). Only
 * ever signals its own child process: the machine's shared Redis is never touched.
 *
 * Always `await redis.stop()` in afterAll (it thaws first). As a safety net, any server still
 * running when the test process exits is thawed and killed.
 */
export type PrivateRedis = {
  readonly url: string;
  readonly port: number;
  /** The running server's process id (undefined while stopped). */
  readonly pid: number | undefined;
  readonly running: boolean;
  readonly frozen: boolean;
  /** SHUTDOWN NOSAVE (thawing first if frozen); waits until the process has exited. Idempotent. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits for PING. No-op when running. */
  start(): Promise<void>;
  /** kill -STOP: the server keeps its connections but answers nothing. */
  freeze(): void;
  /** kill -CONT. Idempotent; safe to call when stopped. */
  thaw(): void;
};

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) {
      try {
        child.kill("SIGCONT");
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

/** Sends one inline command and resolves with the first reply line (or rejects on error/timeout/close). */
function sendCommand(port: number, command: string, timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => socket.write(`${command}\r\n`));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`${command}: no answer within ${timeoutMs} ms`));
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString());
    });
    socket.once("error", reject);
    socket.once("close", () => reject(new Error(`${command}: connection closed`)));
  });
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  installExitHook();
  const port = await freePort();
  let child: ChildProcess | undefined;
  let frozen = false;

  async function start(): Promise<void> {
    if (child) return;
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
      { stdio: "ignore" },
    );
    live.add(started);
    started.once("exit", () => live.delete(started));
    child = started;
    frozen = false;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (started.exitCode !== null) break;
      const pong = await sendCommand(port, "PING", 500).catch(() => "");
      if (pong.startsWith("+PONG")) return;
      await new Promise((resume) => setTimeout(resume, 50));
    }
    await stop();
    throw new Error(`redis-server did not start on port ${port}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    thaw();
    await sendCommand(port, "SHUTDOWN NOSAVE", 1_000).catch(() => ""); // the connection closes as it exits
    if (!(await exited(running, 3_000))) {
      running.kill("SIGKILL");
      await exited(running, 3_000);
    }
    live.delete(running);
    child = undefined;
  }

  function freeze(): void {
    if (!child) throw new Error("private Redis: not running");
    child.kill("SIGSTOP");
    frozen = true;
  }

  function thaw(): void {
    if (child && child.exitCode === null) child.kill("SIGCONT");
    frozen = false;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== undefined;
    },
    get frozen() {
      return frozen;
    },
    stop,
    start,
    freeze,
    thaw,
  };
}
