import type { Db } from "@/lib/db";
import type { MailMessage, MailTransport } from "@/lib/mail/mail-transport";

/** A test e-mail as kept in the test mailbox: what would have been sent. */
export type KeptMessage = Pick<MailMessage, "from" | "to" | "subject" | "text" | "html">;

/**
 * Where a test twin's guest e-mails go instead of SMTP: the e-mail's own row (kept_message),
 * shown in the panel's test mailbox and pruned with the other e-mails after 30 days. Rendered
 * exactly as a live e-mail (sendGuestEmail renders, then hands the message to a transport), so
 * what a developer reads there is what a guest would get.
 */
export function testMailboxTransport(db: Db, emailId: string): MailTransport {
  return {
    async send(message) {
      const kept: KeptMessage = { from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      await db.guestEmail.update({ where: { id: emailId }, data: { keptMessage: kept } });
    },
  };
}

/** The test mailbox of a twin: its kept e-mails, newest event first (a booking's e-mails may be queued in one transaction). */
export async function listTestMailbox(db: Db, twinId: string, limit = 50): Promise<({ id: string; keptAt: Date } & KeptMessage)[]> {
  const rows = await db.$queryRaw<{ id: string; kept_at: Date; kept_message: KeptMessage }[]>`
    SELECT g.id, COALESCE(g.sent_at, g.created_at) AS kept_at, g.kept_message
    FROM guest_emails g JOIN events e ON e.id = g.event_id
    WHERE g.property_id = ${twinId} AND g.kept_message IS NOT NULL
    ORDER BY e.created_at DESC, e.sequence DESC
    LIMIT ${limit}`;
  return rows.map((row) => ({ id: row.id, keptAt: row.kept_at, ...row.kept_message }));
}
