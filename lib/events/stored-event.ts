import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventView } from "@/lib/schemas/events";
import { propertyMode } from "@/lib/test-mode/property-mode";

/** An outbox row as the worker reads it, with its property and who acted (an API key, a staff member, or neither: a tool). */
export type StoredEvent = EventView & { propertyId: string; actorApiKeyId: string | null; actorStaffUserId: string | null };

export async function findStoredEvent(tx: Prisma.TransactionClient, eventId: string): Promise<StoredEvent | null> {
  const row = await tx.event.findUnique({ where: { id: eventId }, include: { property: { select: { livePropertyId: true } } } });
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as EventView["type"],
    mode: propertyMode(row.property),
    createdAt: row.createdAt.toISOString(),
    data: row.data as EventView["data"],
    propertyId: row.propertyId,
    actorApiKeyId: row.actorApiKeyId,
    actorStaffUserId: row.actorStaffUserId,
  };
}

/** The JSON body of an event as webhooks carry it (the same object the feed serves). */
export function eventBody(event: StoredEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, mode: event.mode, createdAt: event.createdAt, data: event.data });
}
