import type { ParsedMail } from "mailparser";
import type { RetrySchedule } from "@/lib/job-queue/retry-schedule";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { createSmtpTransport } from "@/lib/mail/mail-transport";
import type { GuestMailDeps } from "@/lib/mail/send-guest-email";
import { freePort } from "@/scripts/lib/ports";
import type { TestDatabase } from "./database";
import { refuseRefusedAddresses, startSmtpSink, type SmtpSink } from "./smtp-sink";
import { startTestWorker } from "./test-worker";

/**
 * The mail tests' set-up: the real queue worker on the file's database, sending through
 * nodemailer to a real SMTP server (smtp-server) started here on a port of its own, so it can
 * go down and come back on the same address. `mailTo` reads what reached the server.
 */
export type MailWorker = {
  /** Every message the SMTP server accepted, across its restarts, in the order it took them. */
  messages: ParsedMail[];
  /** The messages whose To: holds `email` (compared without regard to case). */
  mailTo(email: string): ParsedMail[];
  /** The SMTP server goes down: the worker's sends fail (and are retried) until `startSmtp`. */
  stopSmtp(): Promise<void>;
  /** The SMTP server is back, on the same port. */
  startSmtp(): Promise<void>;
  /** Stops the worker (letting running jobs finish), then the SMTP server. */
  stop(): Promise<void>;
};

export async function startMailWorker(
  database: TestDatabase,
  options: {
    /** MAIL_FROM; the name shown is the hotel's. */
    from?: string;
    manageUrl?: GuestMailDeps["manageUrl"];
    schedule?: RetrySchedule;
    /** Refuse for good (550) every recipient whose address starts with "refused". */
    refuseRefused?: boolean;
  } = {},
): Promise<MailWorker> {
  const port = await freePort();
  const messages: ParsedMail[] = [];
  let sink: SmtpSink | undefined;
  const startSmtp = async () => {
    sink = await startSmtpSink({ port, onMessage: (mail) => messages.push(mail), ...(options.refuseRefused ? { onRcptTo: refuseRefusedAddresses } : {}) });
  };
  const stopSmtp = async () => {
    await sink?.close();
    sink = undefined;
  };
  await startSmtp();
  let worker: RunningWorker;
  try {
    worker = await startTestWorker(database, {
      ...(options.schedule ? { schedule: options.schedule } : {}),
      mail: { transport: createSmtpTransport(`smtp://127.0.0.1:${port}`), from: options.from ?? "Reservations <bookings@hotel.test>", manageUrl: options.manageUrl ?? (async () => null) },
    });
  } catch (error) {
    await stopSmtp();
    throw error;
  }
  return {
    messages,
    mailTo: (email) => messages.filter((message) => recipients(message).includes(email.toLowerCase())),
    stopSmtp,
    startSmtp,
    stop: async () => {
      await worker.stop();
      await stopSmtp();
    },
  };
}

function recipients(message: ParsedMail): string[] {
  const to = message.to === undefined ? [] : Array.isArray(message.to) ? message.to : [message.to];
  return to.flatMap((address) => address.value).flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));
}
