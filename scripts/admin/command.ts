import type { Db } from "@/lib/db";
import { CommandArgs, type OptionSpec, UsageError } from "./parse-args";

/**
 * What a command prints: one JSON object with --json, else a few lines for a person.
 * `exitCode` (default 0) lets a command report a finding, e.g. violations found, with exit 1
 * while still printing its result.
 */
export type CommandOutput = { json: Record<string, unknown>; text: string; exitCode?: number };

/** What a command may use while it runs (after its arguments were checked). */
export type CommandContext = { db: Db; warn: (line: string) => void };

/** What a command may use while its arguments are read (before any database is opened). */
export type ParseContext = { readStdin: () => Promise<string> };

export type CommandDefinition<Input> = {
  /** Group and action, e.g. "property create", or one word, e.g. "check". */
  name: string;
  /** The arguments after the name, as shown by help, e.g. "SLUG PLAN". */
  args: string;
  summary: string;
  positionals?: readonly string[];
  options?: Record<string, OptionSpec>;
  /** Checks and converts the arguments; throws UsageError. Never touches the database. */
  parse: (args: CommandArgs, context: ParseContext) => Input | Promise<Input>;
  run: (context: CommandContext, input: Input) => Promise<CommandOutput>;
};

/** A command with checked arguments, ready to run on a database. */
export type PreparedCommand = { name: string; input: unknown; json: boolean; run: (context: CommandContext) => Promise<CommandOutput> };

/** A command of the registry, its input type erased. `prepare` returns `{ help: true }` for --help. */
export type AdminCommand = {
  name: string;
  usage: string;
  summary: string;
  prepare: (argv: string[], context: ParseContext) => Promise<PreparedCommand | { help: true; json: boolean }>;
};

/** A usage error of one command, carrying that command's usage for the message. */
export class CommandUsageError extends UsageError {
  constructor(
    readonly command: string,
    readonly usage: string,
    reason: string,
  ) {
    super(`${command}: ${reason}`);
    this.name = "CommandUsageError";
  }
}

export function defineCommand<Input>(definition: CommandDefinition<Input>): AdminCommand {
  const usage = `${definition.name} ${definition.args} [--json]`.replace(/\s+/g, " ");
  return {
    name: definition.name,
    usage,
    summary: definition.summary,
    async prepare(argv, context) {
      try {
        const args = CommandArgs.parse(argv, definition.options ?? {}, definition.positionals ?? []);
        const json = args.flag("json");
        if (args.flag("help")) return { help: true, json };
        const input = await definition.parse(args, context);
        return { name: definition.name, input, json, run: (runContext) => definition.run(runContext, input) };
      } catch (error) {
        if (error instanceof UsageError && !(error instanceof CommandUsageError)) throw new CommandUsageError(definition.name, usage, error.message);
        throw error;
      }
    },
  };
}

/** Problems found by a domain validator, as one usage error. */
export function refuseProblems(problems: readonly string[]): void {
  if (problems.length) throw new UsageError(problems.join("; "));
}
