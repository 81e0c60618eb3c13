import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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
