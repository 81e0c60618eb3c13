import type { StoredBookingEvent } from "@/lib/events/stored-event";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import { guestSeesChange } from "./booking-change-facts";
import { groupEmailOf } from "./group-email";

/** Someone booking again and again with one address must not turn the hotel into a mail cannon. */
export const MAX_GUEST_EMAILS_PER_HOUR = 5;
export const RATE_LIMITED = `not sent: more than ${MAX_GUEST_EMAILS_PER_HOUR} e-mails to this guest in an hour`;

/** Whom the event's e-mail goes to: the booking's guest, or the booker of a booking group told together (groupEmailOf); null: none. */
async function recipientOf(tx: Prisma.TransactionClient, event: StoredBookingEvent): Promise<string | null> {
  const group = await groupEmailOf(tx, event);
  if (!group) return event.data.booking.guest.email;
  return group.sends ? group.bookerEmail : null;
}

/**
 * The guest's e-mail about a booking event, when the property sends them: one row per event
 * (a second dispatch adds nothing), and its job, to the booking's address as the event leaves
 * it (a change of address is told at the new one). None for a change the guest cannot see (a
 * partner's externalReference alone). A booking group's booking, and its cancel, are told in
 * one e-mail to its booker (group-email.ts). Past the limit per recipient and property per
 * hour, the row records that it was not sent, and no job is queued.
 */
export async function queueGuestEmail(tx: Prisma.TransactionClient, event: StoredBookingEvent, now: Date): Promise<void> {
  if (event.type === "booking.changed" && !guestSeesChange(event.data.previous ?? {})) return;
  const property = await tx.property.findUnique({ where: { id: event.propertyId }, select: { guestEmailsEnabled: true } });
  if (!property?.guestEmailsEnabled) return;
  const recipient = (await recipientOf(tx, event))?.toLowerCase();
  if (!recipient) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`guest-email:${event.propertyId}:${recipient}`}, 0))`;
  const [{ recent }] = await tx.$queryRaw<[{ recent: number }]>`
    SELECT count(*)::int AS recent FROM guest_emails
    WHERE property_id = ${event.propertyId} AND recipient = ${recipient}
      AND created_at >= ${new Date(now.getTime() - 3_600_000)} AND last_error IS DISTINCT FROM ${RATE_LIMITED}`;
  const limited = recent >= MAX_GUEST_EMAILS_PER_HOUR;
  const id = newId("gml");
  const inserted = await tx.$executeRaw`
    INSERT INTO guest_emails (id, event_id, property_id, recipient, status, last_error, next_attempt_at, created_at)
    VALUES (${id}, ${event.id}, ${event.propertyId}, ${recipient}, ${limited ? "failed" : "pending"}::"DeliveryStatus",
            ${limited ? RATE_LIMITED : null}, ${limited ? null : now}, ${now})
    ON CONFLICT (event_id) DO NOTHING`;
  if (inserted && !limited) await enqueueJob(tx, "send-guest-email", { emailId: id }, { key: `send-guest-email:${id}` });
}
