import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { queueGuestEmail } from "@/lib/mail/queue-guest-email";
import { queueWebhookDeliveries } from "@/lib/webhooks/queue-webhook-deliveries";
import { findStoredEvent, isBookingEvent, type StoredEvent } from "@/lib/events/stored-event";

/**
 * Hands one outbox event to what pushes it: a delivery per subscribed webhook endpoint, and
 * the guest's e-mail when guest e-mails are on (mailEnabled: the server has a way to send).
 * Everything it adds is unique per event, so running it twice changes nothing. Returns the
 * event (null when it is gone: pruned, or its property deleted).
 */
export async function dispatchEvent(deps: { db: Db; clock: Clock; mailEnabled: boolean }, eventId: string): Promise<StoredEvent | null> {
  return deps.db.$transaction(async (tx) => {
    const event = await findStoredEvent(tx, eventId);
    if (!event) return null;
    await queueWebhookDeliveries(tx, [event]);
    if (deps.mailEnabled && isBookingEvent(event)) await queueGuestEmail(tx, event, deps.clock.now());
    return event;
  });
}
