import { systemClock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { publicBaseUrl as publicBaseUrlOf, type Env } from "@/lib/env";
import type { Logger } from "@/lib/log";
import { createDevMailboxTransport, devMailboxDir } from "@/lib/mail/dev-mailbox";
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { createSmtpTransport } from "@/lib/mail/mail-transport";
import { staffLinkBoxFrom } from "@/lib/mail/staff-link-box";
import { webhookConfigFrom } from "@/lib/webhooks/webhook-config";
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from "@/lib/job-queue/retry-schedule";
import type { WorkerDeps } from "./worker-tasks";

const DEV_MAIL_FROM = "Room Booking (development) <bookings@localhost>";

/**
 * What the worker needs, from the validated environment: SMTP_URL sends guest and staff e-mails
 * over SMTP; without it, development keeps them in the dev mailbox (/dev/mailbox) and production
 * sends none (one warning).
 */
export function workerDepsFromEnv(env: Env, db: Db, log: Logger): WorkerDeps {
  const publicBaseUrl = publicBaseUrlOf(env);
  let mail: WorkerDeps["mail"] = null;
  const manageUrl = guestSiteManageUrl({ db, partnerApiKey: env.PARTNER_API_KEY, publicBaseUrl, sessionSecret: env.SESSION_SECRET });
  if (env.SMTP_URL) {
    mail = { transport: createSmtpTransport(env.SMTP_URL), from: env.MAIL_FROM!, manageUrl };
  } else if (env.NODE_ENV !== "production") {
    mail = { transport: createDevMailboxTransport(devMailboxDir()), from: env.MAIL_FROM ?? DEV_MAIL_FROM, manageUrl };
  } else {
    log.warn("SMTP_URL is not set: guest e-mails and staff invitations are off on this server");
  }
  return {
    db,
    clock: systemClock,
    schedule: (env.EVENT_RETRY_SCHEDULE && parseRetrySchedule(env.EVENT_RETRY_SCHEDULE)) || DEFAULT_RETRY_SCHEDULE,
    ...webhookConfigFrom(env),
    ariWindowMs: env.ARI_COALESCE_SECONDS * 1000,
    mail,
    staffLinks: { publicBaseUrl, linkBox: staffLinkBoxFrom(env) },
  };
}
