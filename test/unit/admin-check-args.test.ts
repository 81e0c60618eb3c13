import { describe, expect, it } from "vitest";
import type { PreparedCommand } from "@/scripts/admin/command";
import { selectCommand } from "@/scripts/admin/commands";
import { type AdminIo, runAdmin } from "@/scripts/admin/run-admin";

/** Runs the CLI in-process with a database that must not be opened. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = 0;
  const io: AdminIo = { stdout: (text) => out.push(text), stderr: (line) => err.push(line), readStdin: async () => "", debug: false };
  const code = await runAdmin(argv, io, async () => {
    opened++;
    throw new Error("the database was opened");
  });
  return { code, stdout: out.join(""), stderr: err, opened };
}

async function inputOf(argv: string[]): Promise<unknown> {
  const selection = selectCommand(argv);
  if (selection.kind !== "command") throw new Error("not a command");
  return ((await selection.command.prepare(selection.argv, { readStdin: async () => "" })) as PreparedCommand).input;
}

describe("admin check arguments (a one-word command with an optional SLUG)", () => {
  it("takes no SLUG (every property) or one, with --json before or after", async () => {
    expect(await inputOf(["check"])).toEqual({ slug: undefined });
    expect(await inputOf(["check", "--json"])).toEqual({ slug: undefined });
    expect(await inputOf(["--json", "check", "harbour-view"])).toEqual({ slug: "harbour-view" });
    expect(await inputOf(["check", "harbour-view", "--json"])).toEqual({ slug: "harbour-view" });
  });

  it.each([
    ["a second positional", ["check", "a", "b"], 'check: unexpected argument "b"'],
    ["an unknown option", ["check", "--fix"], "check: unknown option --fix"],
    ["a value given to --json", ["check", "--json=yes"], "check: --json does not take a value"],
  ])("refuses %s: exit 2, one line, no database", async (_, argv, message) => {
    const result = await run(argv);
    expect(result).toMatchObject({ code: 2, stdout: "", opened: 0 });
    expect(result.stderr).toEqual([`error: ${message} (usage: npm run admin -- check [SLUG] [--json])`]);
  });

  it("prints its usage and the kinds it reports for check --help", async () => {
    const result = await run(["check", "--help"]);
    expect(result).toMatchObject({ code: 0, opened: 0 });
    expect(result.stdout).toContain("usage: npm run admin -- check [SLUG] [--json]");
    for (const kind of ["rooms_sold_mismatch", "nightly_total_mismatch", "night_missing", "nightly_prices_mismatch"]) expect(result.stdout).toContain(kind);
  });

  it("still requires the action of two-word commands", async () => {
    expect(() => selectCommand(["property"])).toThrow("property: give one of");
    expect(() => selectCommand(["checks"])).toThrow('unknown command "checks"');
  });
});
