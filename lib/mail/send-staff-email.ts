import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import type { StaffEmail as StaffEmailRow } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import type { RetrySchedule } from "@/lib/job-queue/retry-schedule";
import { PASSWORD_RESET_VALIDITY } from "@/lib/staff/request-password-reset";
import { isOpenPasswordReset } from "@/lib/staff/reset-password";
import { isOpenInvitation } from "@/lib/staff/staff-invitations";
import { hashStaffToken } from "@/lib/staff/staff-token";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { failedSend } from "./failed-send";
import type { MailMessage, MailTransport } from "./mail-transport";
import { renderStaffEmail } from "./render-staff-email";
import { fromTheHotel } from "./send-guest-email";

export type StaffMailDeps = {
  db: Db;
  clock: Clock;
  schedule: RetrySchedule;
  /** The guest e-mails' transport; null when this server sends no e-mail (production without SMTP_URL). */
  transport: MailTransport | null;
  /** MAIL_FROM. */
  from: string;
  /** Where links lead: PUBLIC_BASE_URL, as in guest e-mails. */
  publicBaseUrl: string;
  /** Opens the tokens sealed by queueStaffEmail (staffLinkBox()). */
  linkBox: SecretBox;
};

/** The page a staff e-mail's link opens. */
export function staffLinkUrl(publicBaseUrl: string, kind: "invitation" | "password_reset", token: string): string {
  const paths = { invitation: "/join/", password_reset: "/reset-password/" };
  return new URL(`${paths[kind]}${token}`, publicBaseUrl).href;
}

/** A notice (no token): its account's e-mail, from its hotel, with a link to the sign-in page; null when the account is gone. */
async function composeStaffNotice(deps: StaffMailDeps, email: StaffEmailRow): Promise<Omit<MailMessage, "to"> | null> {
  const notice = await deps.db.staffEmail.findUnique({ where: { id: email.id }, select: { staffUser: { select: { email: true } }, property: { select: { name: true } } } });
  const account = notice?.staffUser;
  if (!account) return null;
  const hotel = notice.property;
  const message = renderStaffEmail({
    kind: "second_factor_reset",
    url: new URL("/login", deps.publicBaseUrl).href,
    email: account.email,
    hotelName: hotel?.name ?? null,
    resetBy: email.noticeBy,
  });
  return { from: hotel ? fromTheHotel(hotel.name, deps.from) : deps.from, ...message };
}

/** The message of a link's e-mail, or null when its link no longer opens anything (used, revoked, replaced, expired). */
async function composeLinkEmail(deps: StaffMailDeps, email: StaffEmailRow, token: string, now: Date): Promise<Omit<MailMessage, "to"> | null> {
  const url = staffLinkUrl(deps.publicBaseUrl, email.passwordResetId ? "password_reset" : "invitation", token);
  if (email.passwordResetId) {
    const reset = await deps.db.staffPasswordReset.findUnique({ where: { id: email.passwordResetId }, include: { staffUser: { select: { email: true } } } });
    if (!reset || reset.tokenHash !== hashStaffToken(token) || !isOpenPasswordReset(reset, now)) return null;
    return { from: deps.from, ...renderStaffEmail({ kind: "password_reset", url, email: reset.staffUser.email, validFor: PASSWORD_RESET_VALIDITY }) };
  }
  const invitation = email.invitationId
    ? await deps.db.staffInvitation.findUnique({ where: { id: email.invitationId }, include: { property: { select: { name: true, timezone: true } } } })
    : null;
  if (!invitation || invitation.tokenHash !== hashStaffToken(token) || !isOpenInvitation(invitation, now)) return null;
  const message = renderStaffEmail({
    kind: "invitation",
    url,
    hotelName: invitation.property.name,
    timeZone: invitation.property.timezone,
    invitedBy: invitation.invitedByLabel,
    inviteeName: invitation.name,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
  });
  return { from: fromTheHotel(invitation.property.name, deps.from), ...message };
}

/** Gives an e-mail up for `reason`, erasing its sealed token. */
async function giveUp(db: Db, emailId: string, reason: string): Promise<void> {
  await db.staffEmail.updateMany({
    where: { id: emailId, status: "pending" },
    data: { status: "failed", sealedToken: null, nextAttemptAt: null, lastError: `not sent: ${reason}` },
  });
}

/**
 * Sends one staff e-mail (a link's, or a notice's), one job per e-mail at a time, as sendGuestEmail sends
 * a guest's: a refusal for good (SMTP 5xx) is recorded and not retried; anything else is
 * retried on the schedule, keeping the sealed token meanwhile, so nothing is lost while the mail
 * server is down. Sent or given up, the token is erased. A link that no longer opens anything
 * by the time it would be sent is not sent at all.
 */
export async function sendStaffEmail(deps: StaffMailDeps, emailId: string): Promise<void> {
  const email = await deps.db.staffEmail.findUnique({ where: { id: emailId } });
  if (!email || email.status !== "pending") return;
  if (!deps.transport) return giveUp(deps.db, email.id, "this server sends no e-mail (SMTP_URL is not set)");
  const now = deps.clock.now();
  let message: Omit<MailMessage, "to"> | null;
  if (email.staffUserId) {
    message = await composeStaffNotice(deps, email);
    if (!message) return giveUp(deps.db, email.id, "the account no longer exists");
  } else {
    let token: string;
    try {
      token = deps.linkBox.open(email.sealedToken ?? "");
    } catch {
      return giveUp(deps.db, email.id, "its link cannot be unsealed (WEBHOOK_SECRET_KEY or SESSION_SECRET changed): send a new one");
    }
    message = await composeLinkEmail(deps, email, token, now);
    if (!message) return giveUp(deps.db, email.id, "the link no longer works (used, revoked, replaced or expired)");
  }
  const attempts = email.attempts + 1;
  try {
    await deps.transport.send({ ...message, to: email.recipient, messageId: `<${email.id}@room-booking.invalid>` });
  } catch (error) {
    const { next, lastError } = failedSend(error, deps.schedule, attempts, now);
    await deps.db.$transaction(async (tx) => {
      await tx.staffEmail.update({
        where: { id: email.id },
        data: { attempts, lastAttemptAt: now, lastError, ...(next ? { nextAttemptAt: next } : { status: "failed", nextAttemptAt: null, sealedToken: null }) },
      });
      if (next) await enqueueJob(tx, "send-staff-email", { emailId: email.id }, { runAt: next, key: `send-staff-email:${email.id}` });
    });
    return;
  }
  await deps.db.staffEmail.update({
    where: { id: email.id },
    data: { attempts, lastAttemptAt: now, lastError: null, status: "succeeded", sentAt: now, nextAttemptAt: null, sealedToken: null },
  });
}
