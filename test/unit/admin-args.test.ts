import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import type { PreparedCommand } from "@/scripts/admin/command";
import { COMMANDS, selectCommand } from "@/scripts/admin/commands";
import { describeFailure } from "@/scripts/admin/output";
import { parseWholeNumber, UsageError } from "@/scripts/admin/parse-args";
import { type AdminIo, runAdmin } from "@/scripts/admin/run-admin";

/** Runs the CLI in-process with a database that must not be opened. */
async function run(argv: string[], stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  let opened = 0;
  const io: AdminIo = { stdout: (text) => out.push(text), stderr: (line) => err.push(line), readStdin: async () => stdin, debug: false };
  const code = await runAdmin(argv, io, async () => {
    opened++;
    throw new Error("the database was opened");
  });
  return { code, stdout: out.join(""), stderr: err, opened };
}

/** The checked input of a command line (no database). */
async function inputOf(argv: string[], stdin = ""): Promise<unknown> {
  const selection = selectCommand(argv);
  if (selection.kind !== "command") throw new Error("not a command");
  const prepared = await selection.command.prepare(selection.argv, { readStdin: async () => stdin });
  return (prepared as PreparedCommand).input;
}

const RATES = ["rates", "set", "rt_2b6n0t5f3k9q2m8x1c7v", "--from", "2026-05-01", "--to", "2026-05-03"];

describe("admin CLI arguments", () => {
  it.each([
    ["no command", []],
    ["an unknown command", ["hotel", "create"]],
    ["an unknown action", ["property", "delete", "x"]],
    ["a group without action", ["property"]],
    ["an unknown option", ["property", "list", "--all"]],
    ["a missing required option", ["property", "create", "--name", "X", "--json"]],
    ["an empty required option", ["property", "create", "--name", "", "--timezone", "UTC", "--currency", "EUR", "--plan", "free"]],
    ["an unknown time zone", ["property", "create", "--name", "X", "--timezone", "Mars/Base", "--currency", "EUR", "--plan", "free"]],
    ["an unknown plan", ["property", "set-plan", "inn", "gold"]],
    ["a missing positional", ["property", "set-plan", "inn"]],
    ["an extra positional", ["property", "list", "more"]],
    ["a decimal price", [...RATES, "--price", "12.5"]],
    ["a word for a number", ["room-type", "create", "inn", "--name", "D", "--max-adults", "two", "--rooms", "1", "--price", "1"]],
    ["an empty number", [...RATES, "--rooms", ""]],
    ["an exponent", [...RATES, "--price", "1e3"]],
    ["a negative price", [...RATES, "--price=-5"]],
    ["a bad date", ["rates", "set", "rt_2b6n0t5f3k9q2m8x1c7v", "--from", "2026-5-1", "--to", "2026-05-03", "--price", "1"]],
    ["an impossible date", ["rates", "set", "rt_2b6n0t5f3k9q2m8x1c7v", "--from", "2026-02-30", "--to", "2026-03-03", "--price", "1"]],
    ["to before from", ["rates", "set", "rt_2b6n0t5f3k9q2m8x1c7v", "--from", "2026-05-03", "--to", "2026-05-01", "--price", "1"]],
    ["both --closed and --open", [...RATES, "--closed", "--open"]],
    ["nothing to change", RATES],
    ["an option given twice", [...RATES, "--price", "1", "--price", "2"]],
    ["a value given to a flag", [...RATES, "--closed=yes"]],
    ["an option without its value", [...RATES, "--price"]],
    ["an unknown scope", ["key", "create", "inn", "--scope", "admin"]],
    ["a missing scope", ["key", "create", "inn"]],
    ["a bad e-mail", ["staff", "create", "not-an-email", "--property", "inn"]],
    ["an unknown role", ["staff", "create", "a@b.co", "--property", "inn", "--role", "owner"]],
    ["a missing --property", ["staff", "create", "a@b.co"]],
    ["a malformed room type id", ["rates", "set", "rt_1", "--from", "2026-05-01", "--to", "2026-05-03", "--price", "1"]],
    ["a room type id with a NUL", ["rates", "set", "rt_2b6n0t5f3k9q2m8x1c7\u0000", "--from", "2026-05-01", "--to", "2026-05-03", "--price", "1"]],
    ["a key id of another kind", ["key", "rotate", "rt_2b6n0t5f3k9q2m8x1c7v"]],
    ["a malformed key id", ["key", "revoke", "key_%00"]],
    ["a slug with capitals", ["room-type", "list", "Harbour"]],
    ["a slug with a NUL", ["key", "list", "inn\u0000"]],
    ["a slug for check that is not one", ["check", "../inn"]],
    ["a property name with a control character", ["property", "create", "--name", "Inn\u001b[31m", "--timezone", "UTC", "--currency", "EUR", "--plan", "free"]],
    ["a room type name with an unpaired surrogate", ["room-type", "create", "inn", "--name", "D\ud800", "--max-adults", "2", "--rooms", "1", "--price", "1"]],
    ["a key label with a NUL", ["key", "create", "inn", "--scope", "read", "--label", "a\u0000b"]],
    ["an e-mail with a NUL", ["staff", "create", "a\u0000@b.co", "--property", "inn"]],
  ])("refuses %s: exit 2, one line on stderr, nothing on stdout, no database", async (_, argv) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toHaveLength(1);
    expect(result.stderr[0]).not.toContain("\n");
    expect(result.stderr[0]).toMatch(/^error: /);
    expect(result.opened).toBe(0);
  });

  it("refuses a password from stdin that is too short before opening the database", async () => {
    const result = await run(["staff", "set-password", "a@b.co", "--password-stdin"], "short\n");
    expect(result).toMatchObject({ code: 2, stdout: "", opened: 0 });
    expect(result.stderr[0]).toContain("at least 10 characters");
  });

  it("names the command and its usage in the message", async () => {
    const { stderr } = await run(["property", "create", "--name", "X"]);
    expect(stderr[0]).toBe(
      "error: property create: missing --timezone (usage: npm run admin -- property create --name N --timezone TZ --currency CUR --plan free|starter|pro [--json])",
    );
  });

  it("prints the usage of every command for help, --help and -h (exit 0)", async () => {
    for (const argv of [["help"], ["--help"], ["-h"], ["property", "--help"]]) {
      const result = await run(argv);
      expect(result.code).toBe(0);
      for (const command of COMMANDS) expect(result.stdout).toContain(command.usage);
    }
    const json = await run(["help", "--json"]);
    expect(JSON.parse(json.stdout).commands).toHaveLength(COMMANDS.length);
  });

  it("prints one command's usage for COMMAND --help, whatever else is missing", async () => {
    const result = await run(["rates", "set", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("usage: npm run admin -- rates set ROOM_TYPE_ID");
    expect(result.opened).toBe(0);
  });

  it("reads numbers, dates and flags into the domain's input", async () => {
    expect(await inputOf([...RATES, "--price", "15000", "--closed", "--json"])).toEqual({
      roomTypeId: "rt_2b6n0t5f3k9q2m8x1c7v",
      from: "2026-05-01",
      to: "2026-05-03",
      price: 15000,
      rooms: undefined,
      closed: true,
    });
    expect(await inputOf([...RATES, "--rooms", "0", "--open"])).toMatchObject({ rooms: 0, closed: false, price: undefined });
    expect(await inputOf(["--json", "room-type", "create", "inn", "--name", "Double", "--max-adults", "2", "--rooms", "5", "--price", "12000"])).toEqual({
      slug: "inn",
      name: "Double",
      maxAdults: 2,
      rooms: 5,
      basePrice: 12000,
      description: undefined,
    });
  });

  it("takes the password from stdin less one trailing newline", async () => {
    expect(await inputOf(["staff", "set-password", "a@b.co", "--password-stdin"], "correct horse battery\n")).toEqual({
      email: "a@b.co",
      password: "correct horse battery",
    });
    expect(await inputOf(["staff", "set-password", "a@b.co", "--password-stdin"], "correct horse battery\r\n")).toMatchObject({ password: "correct horse battery" });
    expect(await inputOf(["staff", "set-password", "a@b.co", "--password-stdin"], "correct horse battery \n\n")).toMatchObject({
      password: "correct horse battery \n",
    });
    expect(await inputOf(["staff", "create", "a@b.co", "--property", "inn"])).toEqual({ email: "a@b.co", slug: "inn", role: "admin", password: undefined });
  });

  it("accepts whole numbers only", () => {
    expect(parseWholeNumber("--rooms", "007")).toBe(7);
    expect(parseWholeNumber("--rooms", "-3")).toBe(-3);
    for (const raw of ["12.5", "abc", "", " 1", "1 ", "+1", "0x10", "1e3", "99999999999999999999"]) {
      expect(() => parseWholeNumber("--rooms", raw)).toThrow(UsageError);
    }
  });
});

describe("admin CLI failures", () => {
  it("maps a refused operation to exit 1 and a domain invalid_argument to exit 2", () => {
    expect(describeFailure(new DomainError("not_found", 'no property with slug "x"'), false)).toEqual({ exitCode: 1, message: 'error: no property with slug "x"' });
    expect(describeFailure(new DomainError("plan_upgrade_required", "Write API requires the Starter plan or higher."), false).exitCode).toBe(1);
    expect(describeFailure(new DomainError("invalid_argument", "bad"), false).exitCode).toBe(2);
  });

  it("prints one line for an unexpected error, and its stack only with DEBUG", () => {
    const error = new Error("Invalid `prisma.property.create()` invocation:\n\n  connection refused");
    expect(describeFailure(error, false)).toEqual({ exitCode: 1, message: "error: Invalid `prisma.property.create()` invocation: connection refused" });
    expect(describeFailure(error, true).message).toContain("\n    at ");
    const aggregate = new AggregateError([new Error("connect ECONNREFUSED 127.0.0.1:5999")], "");
    expect(describeFailure(aggregate, false).message).toBe("error: connect ECONNREFUSED 127.0.0.1:5999");
  });
});
