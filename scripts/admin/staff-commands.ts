import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { DomainError } from "@/lib/errors";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { createStaffUser, emailProblem, isStaffRole, STAFF_ROLES } from "@/lib/staff/create-staff-user";
import { passwordProblem } from "@/lib/staff/password";
import { resetSecondFactor } from "@/lib/staff/reset-second-factor";
import { setStaffPassword } from "@/lib/staff/set-staff-password";
import { staffNameProblem } from "@/lib/staff/staff-name";
import { type CommandArgs, UsageError } from "./parse-args";
import { defineCommand, type ParseContext } from "./command";

const SHOWN_ONCE = "This is the only time the password is shown: hand it over safely.";

function email(args: CommandArgs): string {
  const value = args.positional(0);
  const problem = emailProblem(value);
  if (problem) throw new UsageError(problem);
  return value;
}

/** With --password-stdin, standard input up to its end, less one trailing newline. */
async function passwordFromStdin(args: CommandArgs, context: ParseContext): Promise<string | undefined> {
  if (!args.flag("password-stdin")) return undefined;
  const password = (await context.readStdin()).replace(/\r?\n$/, "");
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(`the password on standard input: ${problem}`);
  return password;
}

function passwordLines(password: string | undefined): string[] {
  return password === undefined ? [] : [`Generated password: ${password}`, SHOWN_ONCE];
}

export const staffCreate = defineCommand({
  name: "staff create",
  args: `EMAIL --property SLUG [--role ${STAFF_ROLES.join("|")}] [--name NAME] [--password-stdin]`,
  summary: "Give a staff member access to a property (a new account gets the password from stdin, or a generated one, and the name).",
  positionals: ["EMAIL"],
  options: { property: { type: "string" }, role: { type: "string" }, name: { type: "string" }, "password-stdin": { type: "boolean" } },
  async parse(args, context) {
    const role = args.optionalString("role") ?? "admin";
    if (!isStaffRole(role)) throw new UsageError(`role "${role}" is not one of ${STAFF_ROLES.join(", ")}`);
    const name = args.optionalString("name");
    const nameProblem = name === undefined ? undefined : staffNameProblem(name);
    if (nameProblem) throw new UsageError(`--name: ${nameProblem}`);
    const input = { email: email(args), slug: args.string("property"), role, ...(name === undefined ? {} : { name }) };
    return { ...input, password: await passwordFromStdin(args, context) };
  },
  async run({ db, warn }, { slug, ...input }) {
    const property = await findPropertyBySlug(db, slug);
    const user = await createStaffUser(db, { ...input, propertyId: property.id });
    const existing = user.created ? "" : " (an existing account: its password was not changed)";
    if (!user.created && input.password !== undefined) {
      warn(`note: ${user.email} already has an account; the password given was not used (staff set-password changes it)`);
    }
    return {
      json: { id: user.id, email: user.email, created: user.created, ...(user.password ? { password: user.password } : {}) },
      text: [`${user.email} (${user.id}) is ${input.role} of ${property.slug}${existing}.`, ...passwordLines(user.password)].join("\n"),
    };
  },
});

export const staffSetPassword = defineCommand({
  name: "staff set-password",
  args: "EMAIL [--password-stdin]",
  summary: "Set a staff member's password (from stdin, or a generated one) and end their sessions.",
  positionals: ["EMAIL"],
  options: { "password-stdin": { type: "boolean" } },
  async parse(args, context) {
    return { email: email(args), password: await passwordFromStdin(args, context) };
  },
  async run({ db }, input) {
    const user = await setStaffPassword(db, input);
    return {
      json: { id: user.id, email: user.email, ...(user.password ? { password: user.password } : {}) },
      text: [`Set the password of ${user.email} (${user.id}); their sessions were ended.`, ...passwordLines(user.password)].join("\n"),
    };
  },
});

export const staffResetSecondFactor = defineCommand({
  name: "staff reset-second-factor",
  args: "EMAIL --property SLUG",
  summary: "Remove a member's passkeys, two-step codes and recovery codes (they lost them), end their sessions, e-mail them; audited on the property.",
  positionals: ["EMAIL"],
  options: { property: { type: "string" } },
  async parse(args) {
    return { email: email(args).toLowerCase(), slug: args.string("property") };
  },
  async run({ db }, input) {
    const property = await findPropertyBySlug(db, input.slug);
    const user = await db.staffUser.findUnique({ where: { email: input.email }, select: { id: true } });
    if (!user) throw new DomainError("not_found", `no staff account with e-mail ${input.email}`);
    const reset = await resetSecondFactor(db, { propertyId: property.id, staffUserId: user.id, actor: ADMIN_CLI_ACTOR });
    return {
      json: { id: user.id, email: reset.email, passkeys: reset.passkeys, codes: reset.codes, endedSessions: reset.endedSessions },
      text: `Reset the two-step sign-in of ${reset.email} (${reset.passkeys} passkey(s)${reset.codes ? ", codes" : ""} removed; ${reset.endedSessions} session(s) ended); they are e-mailed.`,
    };
  },
});
