import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { localDataDir } from "@/lib/local-data-dir";
import type { MailMessage, MailTransport } from "./mail-transport";

/**
 * The development mailbox, used when SMTP_URL is unset outside production: each message is one
 * JSON file in a folder (`mailbox/` of the local data folder: ROOM_BOOKING_DATA_DIR, default
 * .data), named by the time it arrived so that names sort by time. Ids are checked against their
 * exact shape before any file is opened, so an id taken from a URL can never name a file
 * outside the folder.
 */
export function devMailboxDir(): string {
  return path.join(localDataDir(), "mailbox");
}

/** A message as sent, with its place in the mailbox. */
export type DevMailboxMessage = MailMessage & { id: string; receivedAt: string };

/** "20261214T101530123Z-9f3a1c07": a compact UTC instant (to the millisecond), then 8 random hex digits. */
const ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export function isDevMailboxId(id: string): boolean {
  return ID.test(id);
}

let lastMs = 0;

/** Strictly increasing within the process, so two messages in one millisecond keep their order. */
function newId(): string {
  lastMs = Math.max(Date.now(), lastMs + 1);
  const stamp = new Date(lastMs).toISOString().replace(/[-:.]/g, "");
  return `${stamp}-${randomBytes(4).toString("hex")}`;
}

export function createDevMailboxTransport(dir: string): MailTransport {
  return {
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const id = newId();
      const stored: DevMailboxMessage = {
        id,
        receivedAt: new Date().toISOString(),
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      };
      // Written aside, then renamed: a reader never sees half a message.
      const temporary = path.join(dir, `.${id}.tmp`);
      await writeFile(temporary, JSON.stringify(stored, null, 2), { flag: "wx" });
      await rename(temporary, path.join(dir, `${id}.json`));
    },
  };
}

function parseMessage(raw: string): DevMailboxMessage | null {
  try {
    const value = JSON.parse(raw) as Partial<DevMailboxMessage>;
    const fields = [value.id, value.receivedAt, value.from, value.to, value.subject, value.text, value.html];
    return fields.every((field) => typeof field === "string") ? (value as DevMailboxMessage) : null;
  } catch {
    return null;
  }
}

export async function readDevMailboxMessage(dir: string, id: string): Promise<DevMailboxMessage | null> {
  if (!isDevMailboxId(id)) return null;
  try {
    return parseMessage(await readFile(path.join(dir, `${id}.json`), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The newest `limit` messages, newest first; none when the folder does not exist yet. */
export async function listDevMailbox(dir: string, limit = 50): Promise<DevMailboxMessage[]> {
  const ids = (await messageIds(dir))
    .sort()
    .reverse()
    .slice(0, Math.max(0, Math.floor(limit)));
  const messages = await Promise.all(ids.map((id) => readDevMailboxMessage(dir, id)));
  return messages.filter((message): message is DevMailboxMessage => message !== null);
}

/**
 * Deletes every message of the mailbox sent to `email` (any capitals), for a guest whose data
 * is erased; returns how many. Nothing when the folder does not exist (a server that sends
 * through SMTP has none).
 */
export async function forgetDevMailboxMessagesTo(dir: string, email: string): Promise<number> {
  const wanted = email.trim().toLowerCase();
  let forgotten = 0;
  for (const id of await messageIds(dir)) {
    const message = await readDevMailboxMessage(dir, id);
    if (!message?.to.toLowerCase().includes(wanted)) continue;
    await rm(path.join(dir, `${id}.json`), { force: true });
    forgotten++;
  }
  return forgotten;
}

/** The ids of the messages in the folder, in no order; none when the folder does not exist yet. */
async function messageIds(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).filter(isDevMailboxId);
}
