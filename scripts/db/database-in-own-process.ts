import { spawn } from "node:child_process";
import { join } from "node:path";
import { resolveDatabase, type ResolvedDatabase } from "./database";
import type { DatabaseProcessMessage } from "./database-process-main";

/**
 * The database of npm run dev, with its embedded PostgreSQL in a process group of its own
 * (database-process-main.ts), so that signals meant for the app do not reach it: Ctrl-C in a
 * terminal signals the whole foreground group, and PostgreSQL, signalled with the app, would
 * cut the app's connections while it is still closing them. The caller stops it last, with
 * `stop()`; if the caller dies first, the process notices and stops the cluster itself.
 * With DATABASE_URL there is nothing to run: resolveDatabase answers in this process.
 */
export async function startDatabaseInOwnProcess(log: (line: string) => void): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL?.trim()) return resolveDatabase(log);
  // The same Node and loader (tsx) as this process; not its debugger's port.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith("--inspect"));
  const child = spawn(process.execPath, [...execArgv, join(import.meta.dirname, "database-process-main.ts")], {
    cwd: join(import.meta.dirname, "..", ".."),
    detached: true,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.connected) child.disconnect();
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.on("message", (message: DatabaseProcessMessage) => {
      if (message.type === "log") log(message.line);
      else if (message.type === "failed") reject(new Error(message.message));
      else resolve({ url: message.url, embedded: message.embedded, dataDir: message.dataDir, stop });
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => reject(new Error(`the database process exited (${code ?? signal}) before the database was ready`)));
  });
}
