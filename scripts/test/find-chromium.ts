import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The Chromium that Playwright drives: CHROMIUM_PATH when set, then the system's (Debian's
 * chromium package: /usr/lib/chromium/chromium is the real binary, /usr/bin/chromium a
 * wrapper), then Playwright's own download. `ensureChromium` also installs one when none is
 * found: Playwright's where the network allows, else Debian's package when running as root.
 */
const SYSTEM_CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function playwrightsOwn(): string | undefined {
  try {
    const path = execFileSync(
      process.execPath,
      ["-e", "process.stdout.write(require('playwright').chromium.executablePath())"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  return SYSTEM_CANDIDATES.find((path) => existsSync(path)) ?? playwrightsOwn();
}

function run(command: string, args: string[]): boolean {
  console.error(`[test] $ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  console.error("[test] no Chromium found: installing one for the end-to-end tests ...");
  if (run("node_modules/.bin/playwright", ["install", "chromium"])) {
    const own = playwrightsOwn();
    if (own) return own;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/etc/debian_version") && run("apt-get", ["update", "-qq"]) && run("apt-get", ["install", "-y", "-qq", "chromium"])) {
    const system = findChromium();
    if (system) return system;
  }
  throw new Error(
    "No Chromium for the end-to-end tests. Install one (Debian/Ubuntu: apt-get install chromium; " +
      "elsewhere: npx playwright install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}
