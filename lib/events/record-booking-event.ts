import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { BookingView } from "@/lib/schemas/bookings";
import type { EventType } from "./event-types";

/**
 * Writes the event of a booking change into the outbox, inside the transaction that made the
 * change (cancelBooking; a new booking's event is written by the SQL function book_stay, in
 * its one statement): the change and its event commit together or not at all. `booking` is
 * the booking as it stands right after the change. The job that hands the event to webhooks
 * and guest e-mails is queued in the same transaction when there is anything to hand it to.
 */
export async function recordBookingEvent(
  tx: Prisma.TransactionClient,
  event: { type: EventType; propertyId: string; booking: BookingView; at: Date },
): Promise<void> {
  const id = newId("evt");
  await tx.$executeRaw`
    INSERT INTO events (id, property_id, type, booking_id, data, created_at)
    VALUES (${id}, ${event.propertyId}, ${event.type}, ${event.booking.id}, ${JSON.stringify({ booking: event.booking })}::jsonb, ${event.at})`;
  // Queues its dispatch when the property has a webhook endpoint or sends guest e-mails (SQL, shared with book_stay).
  await tx.$executeRaw`SELECT FROM queue_event_dispatch(${id}, ${event.propertyId})`;
}
