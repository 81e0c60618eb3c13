import { parseArgs } from "node:util";
import { isId, type IdPrefix } from "@/lib/ids";
import { isSlug } from "@/lib/properties/slug";

/** Bad arguments: the CLI prints the message on one line and exits 2, before touching the database. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** multiple: the option may be given more than once (--allow-origin A --allow-origin B); read with strings(). */
export type OptionSpec = { type: "string" | "boolean"; short?: string; multiple?: true };

/** Options every command takes, whatever its own. */
export const COMMON_OPTIONS = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies Record<string, OptionSpec>;

type Values = Record<string, string | boolean | string[] | undefined>;

/**
 * A command's arguments read with node:util parseArgs (strict): unknown options, a missing
 * option value, an option given twice and a wrong number of positionals are usage errors.
 * The accessors turn what is there into typed values, or throw UsageError.
 */
export class CommandArgs {
  private constructor(
    private readonly values: Values,
    readonly positionals: string[],
  ) {}

  static parse(argv: string[], options: Record<string, OptionSpec>, positionalNames: readonly string[]): CommandArgs {
    let parsed: { values: Values; positionals: string[]; tokens: { kind: string; name?: string }[] };
    try {
      parsed = parseArgs({ args: argv, options: { ...options, ...COMMON_OPTIONS }, allowPositionals: true, strict: true, tokens: true }) as typeof parsed;
    } catch (error) {
      throw new UsageError(describeParseError(error));
    }
    const seen = new Set<string>();
    for (const token of parsed.tokens) {
      if (token.kind !== "option" || !token.name || options[token.name]?.multiple) continue;
      if (seen.has(token.name)) throw new UsageError(`--${token.name} is given more than once`);
      seen.add(token.name);
    }
    const args = new CommandArgs(parsed.values, parsed.positionals);
    if (args.flag("help")) return args; // the caller prints the command's usage; nothing else is checked
    const required = positionalNames.filter((name) => !name.startsWith("[")).length;
    if (parsed.positionals.length < required) throw new UsageError(`missing ${positionalNames[parsed.positionals.length]}`);
    if (parsed.positionals.length > positionalNames.length) {
      throw new UsageError(`unexpected argument "${parsed.positionals[positionalNames.length]}"`);
    }
    return args;
  }

  /** The positional at `index` (its presence was checked by parse). */
  positional(index: number): string {
    return this.positionals[index] ?? "";
  }

  /** The positional at `index`, an id of this kind: checked by its form, so nothing malformed reaches a query. */
  id(index: number, prefix: IdPrefix): string {
    const value = this.positional(index);
    if (!isId(prefix, value)) throw new UsageError(`"${value}" is not an id of the form ${prefix}_ and 20 lower-case letters and digits`);
    return value;
  }

  /** The positional at `index` (or undefined when optional and absent), a property slug such as harbour-view-hotel. */
  slug(index: number): string;
  slug(index: number, options: { optional: true }): string | undefined;
  slug(index: number, options: { optional?: boolean } = {}): string | undefined {
    const value = this.positionals[index];
    if (value === undefined && options.optional) return undefined;
    if (value === undefined || !isSlug(value)) throw new UsageError(`"${value ?? ""}" is not a property slug (lower-case letters, digits and hyphens, e.g. harbour-view-hotel)`);
    return value;
  }

  /** Every value of an option that may be given more than once, in order ([] when absent). */
  strings(name: string): string[] {
    const value = this.values[name];
    return Array.isArray(value) ? value : [];
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  optionalString(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === "string" ? value : undefined;
  }

  string(name: string): string {
    const value = this.optionalString(name);
    if (value === undefined) throw new UsageError(`missing --${name}`);
    if (value.trim() === "") throw new UsageError(`--${name} must not be empty`);
    return value;
  }

  optionalWholeNumber(name: string): number | undefined {
    const value = this.optionalString(name);
    return value === undefined ? undefined : parseWholeNumber(`--${name}`, value);
  }

  wholeNumber(name: string): number {
    const value = this.optionalWholeNumber(name);
    if (value === undefined) throw new UsageError(`missing --${name}`);
    return value;
  }
}

/** "12" → 12; "12.5", "abc", "", "1e3", " 7" are refused. */
export function parseWholeNumber(label: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`${label} must be a whole number, not "${raw}"`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new UsageError(`${label} is too large: "${raw}"`);
  return value;
}

/** node:util's messages span lines and suggest shell syntax; one short line is enough here. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(message)?.[1];
    return `unknown option ${option ?? message}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    if (/argument missing/.test(message)) return `${option} needs a value`;
    if (/does not take an argument/.test(message)) return `${option} does not take a value`;
    if (/ambiguous/.test(message)) return `${option} needs a value (a value starting with "-" is written ${option}=-VALUE)`;
  }
  return message.split("\n")[0] ?? message;
}
