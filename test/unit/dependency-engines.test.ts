import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The README promises the Node version in package.json's engines (20.19 and later), and
 * `npm install` warns (EBADENGINE) for every installed package that declares otherwise.
 * The committed lockfile is what every install follows, and it records each package's
 * declared engines: read them there.
 */
type LockedPackage = { version?: string; engines?: Record<string, string> };

const root = process.cwd();
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), "utf8")) as T;

const projectRange = readJson<{ engines: { node: string } }>("package.json").engines.node;
const lockedPackages = readJson<{ packages: Record<string, LockedPackage> }>("package-lock.json").packages;

describe("dependency engines", () => {
  it("names a minimum Node version", () => {
    expect(semver.minVersion(projectRange)?.version).toBe("20.19.0");
  });

  it("every locked package admits the project's minimum Node version", () => {
    const minimum = semver.minVersion(projectRange)!;
    const refusing = Object.entries(lockedPackages).flatMap(([path, locked]) => {
      const wanted = locked.engines?.node;
      if (path === "" || wanted === undefined || semver.satisfies(minimum, wanted)) return [];
      return [`${path.replace(/^.*node_modules\//, "")}@${locked.version} wants node ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
