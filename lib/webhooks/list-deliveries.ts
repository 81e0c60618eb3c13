import type { Db } from "@/lib/db";
import { NOT_A_CURSOR, validationFailed } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookDeliveryView } from "@/lib/schemas/webhook-deliveries";

export type DeliveryStatus = "pending" | "succeeded" | "failed";
export type AttemptView = { at: string; statusCode: number | null; durationMs: number; error: string | null };

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  replays: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  /** The newest attempts first, at most RECENT_ATTEMPTS. */
  recentAttempts: AttemptView[];
};

const RECENT_ATTEMPTS = 20;
const WITH_RECENT_ATTEMPTS = { attemptsLog: { orderBy: { attemptedAt: "desc" }, take: RECENT_ATTEMPTS } } satisfies Prisma.WebhookDeliveryInclude;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof WITH_RECENT_ATTEMPTS }>;

function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
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
    recentAttempts: row.attemptsLog.map((a) => ({ at: a.attemptedAt.toISOString(), statusCode: a.statusCode, durationMs: a.durationMs, error: a.error })),
  };
}

/** One delivery as it is now. */
export async function findDelivery(db: Db, deliveryId: string): Promise<DeliveryView> {
  return toDeliveryView(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: WITH_RECENT_ATTEMPTS }));
}

/** The cursor of the page after a delivery (also the OpenAPI document's example of one). */
export function encodeDeliveryCursor(createdAt: Date | string, id: string): string {
  return Buffer.from(JSON.stringify([new Date(createdAt).toISOString(), id])).toString("base64url");
}

function decodeDeliveryCursor(value: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string" && id.startsWith("whd_") && !Number.isNaN(Date.parse(createdAt))) {
      return { createdAt: new Date(createdAt), id };
    }
  } catch {
    // fall through
  }
  throw validationFailed([{ field: "cursor", message: NOT_A_CURSOR }]);
}

/** An endpoint's deliveries, newest first (kept 30 days), a page at a time, optionally of one status. */
export async function listDeliveries(
  db: Db,
  input: { endpointId: string; status?: DeliveryStatus; limit?: number; cursor?: string },
): Promise<{ data: DeliveryView[]; nextCursor: string | null }> {
  const limit = input.limit ?? 100;
  const where: Prisma.WebhookDeliveryWhereInput = { endpointId: input.endpointId, ...(input.status ? { status: input.status } : {}) };
  if (input.cursor) {
    const { createdAt, id } = decodeDeliveryCursor(input.cursor);
    where.OR = [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }];
  }
  const rows = await db.webhookDelivery.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: WITH_RECENT_ATTEMPTS,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toDeliveryView),
    nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last.createdAt, last.id) : null,
  };
}

/** A delivery as the partner API shows it (GET /webhook-endpoints/{id}/deliveries). */
export function toWebhookDeliveryView(delivery: DeliveryView): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attemptCount: delivery.attempts,
    replays: delivery.replays,
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    attempts: delivery.recentAttempts,
  };
}

/** The attempts of one delivery, newest first: time, status, duration, error and the answer's first 1 KB. */
export async function listAttempts(db: Db, deliveryId: string) {
  return db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { attemptedAt: "desc" }, take: 20 });
}
