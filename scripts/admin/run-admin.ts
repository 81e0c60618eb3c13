import type { Db } from "@/lib/db";
import type { ParseContext, PreparedCommand } from "./command";
import { COMMANDS, selectCommand } from "./commands";
import { describeFailure, EXIT_OK, renderOutput } from "./output";
import { commandUsageOutput, usageOutput } from "./usage";

export type AdminIo = ParseContext & {
  stdout: (text: string) => void;
  /** One line (no newline needed). */
  stderr: (line: string) => void;
  /** Print stacks of unexpected errors (DEBUG is set). */
  debug: boolean;
};

/** Opens the database for one command and closes it after. */
export type OpenDatabase = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/**
 * Runs one command line and returns the exit code. Arguments are read and checked in full
 * (standard input included) before the database is opened, so bad arguments write nothing.
 * stdout gets the result only; every message goes to stderr.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo, openDatabase: OpenDatabase): Promise<number> {
  try {
    const selection = selectCommand(argv);
    if (selection.kind === "help") {
      io.stdout(renderOutput(usageOutput(COMMANDS), selection.json));
      return EXIT_OK;
    }
    const prepared = await selection.command.prepare(selection.argv, io);
    if (!isRunnable(prepared)) {
      io.stdout(renderOutput(commandUsageOutput(selection.command), prepared.json));
      return EXIT_OK;
    }
    const output = await openDatabase((db) => prepared.run({ db, warn: io.stderr }));
    io.stdout(renderOutput(output, prepared.json));
    return output.exitCode ?? EXIT_OK;
  } catch (error) {
    const failure = describeFailure(error, io.debug);
    io.stderr(failure.message);
    return failure.exitCode;
  }
}

function isRunnable(prepared: PreparedCommand | { help: true }): prepared is PreparedCommand {
  return !("help" in prepared);
}
