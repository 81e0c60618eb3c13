import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventView } from "@/lib/schemas/events";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { BOOKING_EVENT_TYPES, type BookingEventType } from "./event-types";

/** An outbox row as the worker reads it, with its property and who acted (an API key, a staff member, or neither: a tool or the worker). */
export type StoredEvent = EventView & { propertyId: string; actorApiKeyId: string | null; actorStaffUserId: string | null };
/** A booking's event (created, changed, cancelled): what guest e-mails and the metrics read. */
export type StoredBookingEvent = Extract<StoredEvent, { type: BookingEventType }>;

export function isBookingEvent(event: StoredEvent): event is StoredBookingEvent {
  return (BOOKING_EVENT_TYPES as readonly string[]).includes(event.type);
}

export async function findStoredEvent(tx: Prisma.TransactionClient, eventId: string): Promise<StoredEvent | null> {
  const row = await tx.event.findUnique({ where: { id: eventId }, include: { property: { select: { livePropertyId: true } } } });
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    mode: propertyMode(row.property),
    createdAt: row.createdAt.toISOString(),
    data: row.data,
    propertyId: row.propertyId,
    actorApiKeyId: row.actorApiKeyId,
    actorStaffUserId: row.actorStaffUserId,
  } as StoredEvent;
}

/** The JSON body of an event as webhooks carry it (the same object the feed serves). */
export function eventBody(event: StoredEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, mode: event.mode, createdAt: event.createdAt, data: event.data });
}
