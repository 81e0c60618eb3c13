import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run dev` with a malformed variable stops before it starts anything or prints a credential:
 * the message names the variable, and no banner (staff password, keys) comes before it.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rb-dev-env-"));
chmodSync(dataDir, 0o755);

describe("npm run dev with an invalid environment", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("says which variable is wrong and exits, printing no credential and starting no database", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, METRICS_TOKEN: "too-short", ROOM_BOOKING_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
    for (const name of ["DATABASE_URL", "NODE_ENV", "SESSION_SECRET", "PARTNER_API_KEY"]) delete env[name];
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/dev.ts"], { cwd: root, env, encoding: "utf8", timeout: 60_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toContain("METRICS_TOKEN: must be at least 16 characters");
    expect(output).not.toMatch(/Staff login|Partner key|Test key|rbp_/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
