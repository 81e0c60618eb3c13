import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Db } from "@/lib/db";
import { createProperty } from "@/lib/properties/create-property";

export type AdminRun = { code: number | null; stdout: string; stderr: string };

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The admin CLI as operators run it: a child process on `databaseUrl` (about 1 s each), `stdin` fed to it, `env` over this process's environment (undefined unsets). */
export function runAdminCli(databaseUrl: string, args: string[], stdin = "", overrides: Record<string, string | undefined> = {}): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...overrides, DATABASE_URL: databaseUrl };
    delete env.DEBUG;
    const child = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/admin/main.ts", ...args], { cwd: root, env, timeout: 60_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The admin CLI on a test file's database (setupTestDatabase()'s): `admin(args, stdin)`. */
export function adminCliOn(database: () => { url: string }): (args: string[], stdin?: string) => Promise<AdminRun> {
  return (args, stdin = "") => runAdminCli(database().url, args, stdin);
}

/** A success with --json: exit 0 and exactly one JSON object on stdout. */
export function jsonOfRun(run: AdminRun): Record<string, unknown> {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout.endsWith("}\n")).toBe(true);
  return JSON.parse(run.stdout);
}

/** A failure: the exit code, nothing on stdout, one line on stderr (returned). */
export function failureOfRun(run: AdminRun, code: 1 | 2): string {
  expect(run.stdout).toBe("");
  expect(run.code).toBe(code);
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** A property of its own for a CLI test, in Lisbon, paying in euros. */
export function cliFixtureProperty(db: Db, plan: "free" | "starter" | "pro" = "starter") {
  return createProperty(db, { name: `Fixture ${randomBytes(3).toString("hex")}`, timezone: "Europe/Lisbon", currency: "EUR", plan });
}
