import { DomainError } from "@/lib/errors";
import { type CommandOutput, CommandUsageError } from "./command";
import { UsageError } from "./parse-args";

export const EXIT_OK = 0;
/** A refused operation (unknown slug, write key on a free plan, ...) or an unexpected failure. */
export const EXIT_FAILED = 1;
/** Bad arguments; nothing was written. */
export const EXIT_USAGE = 2;

/** One JSON object on one line (dates become ISO strings), or the text for a person. */
export function renderOutput(output: CommandOutput, json: boolean): string {
  return `${json ? JSON.stringify(output.json) : output.text.replace(/\n+$/, "")}\n`;
}

/** Columns padded to their widest cell; `empty` when there are no rows. */
export function formatTable(header: string[], rows: string[][], empty: string): string {
  if (!rows.length) return empty;
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** "2026-05-01 09:30" (UTC) or "-" for a missing instant. */
export function formatInstant(value: Date | null | undefined): string {
  return value ? `${value.toISOString().slice(0, 16).replace("T", " ")}Z` : "-";
}

export type Failure = { exitCode: number; message: string };

/**
 * How an error ends the CLI: bad arguments (and a domain `invalid_argument`) exit 2, a
 * refused operation or anything unexpected exits 1. The message is one line; the stack is
 * added only when DEBUG is set.
 */
export function describeFailure(error: unknown, debug: boolean): Failure {
  if (error instanceof UsageError) {
    const hint = error instanceof CommandUsageError ? `usage: npm run admin -- ${error.usage}` : "npm run admin -- help lists the commands";
    return { exitCode: EXIT_USAGE, message: `error: ${oneLine(error.message)} (${hint})` };
  }
  if (error instanceof DomainError) {
    return { exitCode: error.code === "invalid_argument" ? EXIT_USAGE : EXIT_FAILED, message: `error: ${oneLine(error.message)}` };
  }
  const message = `error: ${oneLine(errorMessage(error))}`;
  const stack = debug && error instanceof Error && error.stack ? `\n${error.stack}` : "";
  return { exitCode: EXIT_FAILED, message: message + stack };
}

/** Node's connection errors can be an AggregateError with an empty message. */
function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message.trim()) return error.message;
  const inner = (error as { errors?: unknown[] }).errors?.[0];
  if (inner instanceof Error && inner.message) return inner.message;
  const code = (error as { code?: string }).code;
  return code ?? error.name;
}

function oneLine(text: string): string {
  const line = text
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}
