import { resolveDatabase } from "./database";

/**
 * The development database in a process of its own, started by startDatabaseInOwnProcess
 * (database-in-own-process.ts): resolves it as the other commands do, reports its URL over the
 * IPC channel, and stops the embedded cluster it started once that channel closes, which is
 * how the parent asks it to stop, and what happens when the parent dies.
 */
export type DatabaseProcessMessage =
  | { type: "log"; line: string }
  | { type: "ready"; url: string; embedded: boolean; dataDir?: string }
  | { type: "failed"; message: string };

/** Resolves once the message is on its way (at once when the parent is gone). */
function send(message: DatabaseProcessMessage): Promise<void> {
  return new Promise((done) => (process.connected ? process.send!(message, undefined, {}, () => done()) : done()));
}

if (!process.send) {
  console.error("[db] this process is started by npm run dev (scripts/db/database-in-own-process.ts), not on its own");
  process.exit(2);
}

const resolving = resolveDatabase((line) => void send({ type: "log", line }));
let stopping = false;
process.on("disconnect", () => {
  if (stopping) return;
  stopping = true;
  resolving
    .then((database) => database.stop())
    .catch(() => {})
    .finally(() => process.exit(0));
});

resolving.then(
  ({ url, embedded, dataDir }) => void send({ type: "ready", url, embedded, dataDir }),
  async (error: unknown) => {
    await send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
