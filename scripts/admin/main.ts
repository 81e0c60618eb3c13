/**
 * The admin CLI: npm run admin -- <command> [options] [--json]
 * (`npm run admin -- help` lists the commands; scripts/admin/commands.ts registers them).
 */
import { openAdminDatabase } from "./open-database";
import { EXIT_FAILED } from "./output";
import { type AdminIo, runAdmin } from "./run-admin";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Type the password, then Enter and Ctrl-D:\n");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

const io: AdminIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (line) => process.stderr.write(`${line}\n`),
  readStdin,
  debug: Boolean(process.env.DEBUG),
};

/** Exits once stdout is flushed: database pools would otherwise keep the process alive for seconds. */
function exit(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

runAdmin(process.argv.slice(2), io, openAdminDatabase).then(exit, (error: unknown) => {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  exit(EXIT_FAILED);
});
