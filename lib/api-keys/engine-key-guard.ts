import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A booking engine's key (lib/booking-engine) is used by our own server, which keeps its value
 * sealed: rotated or revoked as any other key, the engine would book with a dead value. It is
 * rotated with the engine (which reseals it) and ends when the engine is turned off.
 */
export async function refuseEngineKey(tx: Prisma.TransactionClient, keyId: string, how: string): Promise<void> {
  const engine = await tx.bookingEngine.findUnique({ where: { apiKeyId: keyId }, select: { propertyId: true } });
  if (engine) throw new DomainError("conflict", `this is the booking engine's key: it is ${how}`);
}
