import type { TaskList } from "graphile-worker";
import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { dispatchEvent } from "./dispatch-event";
import { isBookingEvent } from "@/lib/events/stored-event";
import { sendGuestEmail, type GuestMailDeps } from "@/lib/mail/send-guest-email";
import { sendStaffEmail, type StaffMailDeps } from "@/lib/mail/send-staff-email";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import type { SecretBox } from "@/lib/secrets/secret-box";
import type { JobPayloads } from "@/lib/job-queue/enqueue-job";
import { countBookingEvent } from "@/lib/metrics/booking-doors";
import { applyRetentionEverywhere } from "@/lib/privacy/apply-retention";
import { pruneOldRecords } from "./prune-old-records";
import { ariSweepAge, raiseAriEvents, sweepAriMarks } from "./raise-ari-events";
import type { RetrySchedule } from "@/lib/job-queue/retry-schedule";

export type WorkerDeps = {
  db: Db;
  clock: Clock;
  schedule: RetrySchedule;
  allowPrivateUrls: boolean;
  /** How long a property's ARI changes are gathered into one ari.changed event per room type (ARI_COALESCE_SECONDS). */
  ariWindowMs: number;
  secretBox: SecretBox;
  /** How guest e-mails leave; null when they are off on this server (production without SMTP_URL). */
  mail: Omit<GuestMailDeps, "db" | "clock" | "schedule"> | null;
  /** Where staff e-mails' links lead, and the box their tokens are sealed in (they leave through `mail`'s transport). */
  staffLinks: Pick<StaffMailDeps, "publicBaseUrl" | "linkBox">;
};

function field<Name extends keyof JobPayloads>(payload: unknown, key: keyof JobPayloads[Name] & string): string {
  const value = (payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== "string") throw new Error(`job payload without ${key}`);
  return value;
}

/** The queue's tasks, each a domain function given what it needs; a dispatched booking event is counted in the metrics. */
export function workerTasks(deps: WorkerDeps): TaskList {
  const { db, clock, schedule } = deps;
  const mail = deps.mail;
  return {
    "dispatch-event": async (payload) => {
      const event = await dispatchEvent({ db, clock, mailEnabled: mail !== null }, field<"dispatch-event">(payload, "eventId"));
      if (event && isBookingEvent(event)) await countBookingEvent(db, event);
    },
    "deliver-webhook": (payload) => deliverWebhook(deps, field<"deliver-webhook">(payload, "deliveryId")),
    "send-guest-email": async (payload) => {
      if (mail) await sendGuestEmail({ ...mail, db, clock, schedule }, field<"send-guest-email">(payload, "emailId"));
    },
    "send-staff-email": (payload) =>
      sendStaffEmail(
        { db, clock, schedule, transport: mail?.transport ?? null, from: mail?.from ?? "", ...deps.staffLinks },
        field<"send-staff-email">(payload, "emailId"),
      ),
    "raise-ari-events": async (payload) => {
      await raiseAriEvents({ db, clock, ariWindowMs: deps.ariWindowMs }, field<"raise-ari-events">(payload, "propertyId"));
    },
    "sweep-ari-marks": async () => {
      await sweepAriMarks(db, ariSweepAge(deps.ariWindowMs));
    },
    "prune-old-records": async () => {
      await pruneOldRecords(db, clock.now());
    },
    "apply-retention": async () => {
      await applyRetentionEverywhere(db, clock);
    },
  };
}
