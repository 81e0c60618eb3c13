import pino from "pino";
import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import type { Logger } from "@/lib/log";
import { startWorker, type RunningWorker } from "@/lib/jobs/start-worker";
import type { WorkerDeps } from "@/lib/jobs/worker-tasks";
import { createSmtpTransport } from "@/lib/mail/mail-transport";
import { createSecretBox } from "@/lib/secrets/secret-box";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef";
export const testSecretBox = createSecretBox(TEST_SESSION_SECRET);
export const testStaffLinkBox = createSecretBox(TEST_SESSION_SECRET, "staff-link-tokens");

/** The real queue worker on a test database, polling often, retrying after 200 ms, gathering ARI changes for 300 ms; its log silent unless one is given. */
export async function startTestWorker(
  database: { db: Db; url: string },
  { log = pino({ level: "silent" }), ...overrides }: Partial<Omit<WorkerDeps, "db">> & { clock?: Clock; log?: Logger } = {},
): Promise<RunningWorker> {
  return startWorker({
    databaseUrl: database.url,
    deps: { db: database.db, clock: systemClock, schedule: [200, 200, 200], allowPrivateUrls: true, ariWindowMs: 300, secretBox: testSecretBox, mail: null, staffLinks: { publicBaseUrl: "https://panel.test", linkBox: testStaffLinkBox }, ...overrides },
    log,
    pollInterval: 100,
  });
}

/** The worker's guest e-mail settings for a test mail server at `smtpUrl`: sent from the hotel's reservations address, with no manage link. */
export function testMail(smtpUrl: string): NonNullable<WorkerDeps["mail"]> {
  return { transport: createSmtpTransport(smtpUrl), from: "Reservations <bookings@hotel.test>", manageUrl: async () => null };
}
