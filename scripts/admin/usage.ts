import type { AdminCommand, CommandOutput } from "./command";

const FOOTER = [
  "Every command takes --json: it then prints exactly one JSON object on stdout (logs and errors go to stderr).",
  "Automation: run `npm run --silent admin -- ...` (plain `npm run` prints its own banner on stdout).",
  "Database: DATABASE_URL, or the embedded development database when it is unset; migrations are applied first.",
  "Exit codes: 0 done; 1 refused (unknown slug or key, plan does not allow it) or failed; 2 bad arguments (nothing written).",
];

/** The usage listing of every command (help, --help). */
export function usageOutput(commands: readonly AdminCommand[]): CommandOutput {
  const lines = commands.map((command) => `  ${command.usage}\n      ${command.summary}`);
  return {
    json: { usage: "npm run admin -- <command> [options] [--json]", commands: commands.map(({ name, usage, summary }) => ({ name, usage, summary })) },
    text: ["Room Booking admin CLI", "", "usage: npm run admin -- <command> [options] [--json]", "", ...lines, "", ...FOOTER].join("\n"),
  };
}

/** One command's usage (COMMAND --help). */
export function commandUsageOutput(command: AdminCommand): CommandOutput {
  return {
    json: { usage: `npm run admin -- ${command.usage}`, summary: command.summary },
    text: `usage: npm run admin -- ${command.usage}\n\n${command.summary}`,
  };
}
