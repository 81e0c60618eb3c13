import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import type { MailMessage, MailTransport } from "@/lib/mail/mail-transport";
import { sendStaffEmail, type StaffMailDeps } from "@/lib/mail/send-staff-email";
import { testStaffLinkBox } from "./test-worker";

export const TEST_PANEL_URL = "https://panel.test";

/**
 * Staff e-mails sent straight through sendStaffEmail (no worker) to a transport that keeps
 * them: `deliver` sends every e-mail still waiting, `linkTo` reads the token of the last link
 * sent to an address (the only place a test can get one: nothing else holds it).
 */
export function staffMailbox(db: Db) {
  const sent: MailMessage[] = [];
  const transport: MailTransport = { send: async (message) => void sent.push(message) };
  const deps = (clock: Clock): StaffMailDeps => ({
    db, clock, schedule: [100], transport, from: "Room Booking <team@hotel.test>", publicBaseUrl: TEST_PANEL_URL, linkBox: testStaffLinkBox,
  });
  return {
    sent,
    deps,
    /** Sends what waits, at `clock`: the test's own (fixed, or systemClock when the test runs on the real one), never a default that mixes the two. */
    async deliver(clock: Clock) {
      const waiting = await db.staffEmail.findMany({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, select: { id: true } });
      for (const { id } of waiting) await sendStaffEmail(deps(clock), id);
    },
    linkTo(email: string, path = "join"): string {
      const message = sent.filter((m) => m.to === email).at(-1);
      const token = message && new RegExp(`${TEST_PANEL_URL}/${path}/([A-Za-z0-9_-]{43})`).exec(message.text)?.[1];
      if (!token) throw new Error(`no ${path} link sent to ${email}`);
      return token;
    },
  };
}

/** Every row of every table of the application and of the job queue, as text (to look for what must not be stored). */
export async function everyStoredRow(db: Db): Promise<string> {
  const tables = await db.$queryRaw<{ schema: string; name: string }[]>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_schema IN ('public', 'graphile_worker') AND table_type = 'BASE TABLE'`;
  const dumps = await Promise.all(
    tables.map(({ schema, name }) => db.$queryRawUnsafe<{ rows: string | null }[]>(`SELECT json_agg(t)::text AS rows FROM "${schema}"."${name}" t`)),
  );
  return dumps.map(([dump]) => dump?.rows ?? "").join("\n");
}
