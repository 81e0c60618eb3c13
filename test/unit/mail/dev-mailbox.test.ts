import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDevMailboxTransport, devMailboxDir, listDevMailbox, readDevMailboxMessage } from "@/lib/mail/dev-mailbox";

/** The development mailbox in a temporary folder: one JSON file a message, newest first, ids checked. */
let root: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "rb-mailbox-"));
  dir = path.join(root, "nested", "mailbox");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const message = (n: number) => ({
  from: "Hotel <bookings@example.com>",
  to: `guest${n}@example.com`,
  subject: `Message ${n}`,
  text: `text ${n}`,
  html: `<p>html ${n}</p>`,
});

describe("dev mailbox", () => {
  it("lives under the local data folder: .data/mailbox of the project, or ROOM_BOOKING_DATA_DIR's mailbox", () => {
    const before = process.env.ROOM_BOOKING_DATA_DIR;
    try {
      delete process.env.ROOM_BOOKING_DATA_DIR;
      expect(devMailboxDir()).toBe(path.join(process.cwd(), ".data", "mailbox"));
      process.env.ROOM_BOOKING_DATA_DIR = "/tmp/rb-data";
      expect(devMailboxDir()).toBe("/tmp/rb-data/mailbox");
    } finally {
      if (before === undefined) delete process.env.ROOM_BOOKING_DATA_DIR;
      else process.env.ROOM_BOOKING_DATA_DIR = before;
    }
  });

  it("is empty before anything was sent, even without its folder", async () => {
    expect(await listDevMailbox(dir)).toEqual([]);
  });

  it("writes each message as one JSON file and lists them newest first", async () => {
    const transport = createDevMailboxTransport(dir);
    for (let n = 1; n <= 5; n++) await transport.send(message(n));
    await transport.send({ ...message(6), messageId: "<m6@example.com>", headers: { "X-Event-Id": "ev_1" } });

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(6);
    expect(files.every((name) => name.endsWith(".json"))).toBe(true);

    const listed = await listDevMailbox(dir);
    expect(listed.map((m) => m.subject)).toEqual(["Message 6", "Message 5", "Message 4", "Message 3", "Message 2", "Message 1"]);
    expect(listed.map((m) => `${m.id}.json`)).toEqual([...files].reverse());
    expect(listed[0]).toMatchObject({ to: "guest6@example.com", html: "<p>html 6</p>", messageId: "<m6@example.com>", headers: { "X-Event-Id": "ev_1" } });
    expect(Date.parse(listed[0]!.receivedAt)).not.toBeNaN();

    expect((await listDevMailbox(dir, 2)).map((m) => m.subject)).toEqual(["Message 6", "Message 5"]);
  });

  it("reads one message by id, and null for an unknown one", async () => {
    await createDevMailboxTransport(dir).send(message(1));
    const [first] = await listDevMailbox(dir);
    expect(await readDevMailboxMessage(dir, first!.id)).toEqual(first);
    expect(await readDevMailboxMessage(dir, first!.id.replace(/-[0-9a-f]{8}$/, "-00000000"))).toBeNull();
  });

  it("refuses ids that are not its own shape, so no path can leave the folder", async () => {
    await writeFile(path.join(root, "secret.json"), JSON.stringify({ id: "x", receivedAt: "", from: "", to: "", subject: "secret", text: "", html: "" }));
    await createDevMailboxTransport(dir).send(message(1));
    for (const id of ["../../secret", "..%2F..%2Fsecret", "/etc/passwd", "", "20261214T101530123Z-9f3a1c07/../../../secret", "20261214T101530123Z-9F3A1C07"]) {
      expect(await readDevMailboxMessage(dir, id)).toBeNull();
    }
  });

  it("skips files that are not messages", async () => {
    const transport = createDevMailboxTransport(dir);
    await transport.send(message(1));
    await writeFile(path.join(dir, "notes.json"), "{}");
    await writeFile(path.join(dir, "20991231T235959999Z-deadbeef.json"), "not json");
    expect((await listDevMailbox(dir)).map((m) => m.subject)).toEqual(["Message 1"]);
  });
});
