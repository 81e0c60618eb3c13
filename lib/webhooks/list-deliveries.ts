import type { Db } from "@/lib/db";

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  replays: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  lastStatusCode: number | null;
  createdAt: string;
};

/** An endpoint's deliveries, newest first (kept 30 days), optionally only the failed ones. */
export async function listDeliveries(db: Db, input: { endpointId: string; failedOnly?: boolean; limit?: number }): Promise<{ data: DeliveryView[] }> {
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId: input.endpointId, ...(input.failedOnly ? { status: "failed" } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit ?? 100,
    include: { attemptsLog: { orderBy: { attemptedAt: "desc" }, take: 1, select: { statusCode: true } } },
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.eventType,
      status: row.status,
      attempts: row.attempts,
      replays: row.replays,
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
      lastError: row.lastError,
      lastStatusCode: row.attemptsLog[0]?.statusCode ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The attempts of one delivery, newest first: time, status, duration, error and the answer's first 1 KB. */
export async function listAttempts(db: Db, deliveryId: string) {
  return db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { attemptedAt: "desc" }, take: 20 });
}
