import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import type { SecretBox } from "@/lib/secrets/secret-box";

/**
 * Staff e-mails carrying a link (an invitation to join a property's staff, a password reset): sent by the job
 * queue like guest e-mails, through the same MailTransport, and retried the same way while the
 * mail server is down. The link's token must reach the e-mail but never sit in the database in
 * plain text: each row keeps it sealed (AES-256-GCM, a key of its own derived from
 * WEBHOOK_SECRET_KEY or SESSION_SECRET) until the e-mail is sent or given up, then erases it
 * (the database CHECKs that no finished row keeps one). The job's payload is the row's id only.
 */
export type StaffEmailLink = { kind: "invitation"; invitationId: string } | { kind: "password_reset"; passwordResetId: string };

/** The row's reference to its link. */
function linkColumns(link: StaffEmailLink) {
  return link.kind === "invitation" ? { invitationId: link.invitationId } : { passwordResetId: link.passwordResetId };
}

/** Adds the e-mail of a new link, and its job, in the transaction that made the link. */
export async function queueStaffEmail(
  tx: Prisma.TransactionClient,
  input: { link: StaffEmailLink; recipient: string; token: string; linkBox: SecretBox; now: Date },
): Promise<string> {
  const id = newId("sml");
  await tx.staffEmail.create({
    data: {
      id,
      kind: input.link.kind,
      ...linkColumns(input.link),
      recipient: input.recipient,
      sealedToken: input.linkBox.seal(input.token),
      nextAttemptAt: input.now,
      createdAt: input.now,
    },
  });
  await enqueueJob(tx, "send-staff-email", { emailId: id }, { key: `send-staff-email:${id}` });
  return id;
}

/**
 * The e-mails of a link that no longer opens anything (revoked, replaced by a newer one, used)
 * that still wait to be sent: given up now, their sealed tokens erased.
 */
export async function dropUnsentStaffEmails(tx: Prisma.TransactionClient, link: StaffEmailLink, reason: string): Promise<void> {
  await tx.staffEmail.updateMany({
    where: { ...linkColumns(link), status: "pending" },
    data: { status: "failed", sealedToken: null, nextAttemptAt: null, lastError: `not sent: ${reason}` },
  });
}
