import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import { nextAttemptAt, type RetrySchedule } from "@/lib/job-queue/retry-schedule";
import { postWebhook, type WebhookAttemptResult } from "./post-webhook";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { signWebhook } from "./sign-webhook";
import { auditWebhookChange } from "./webhook-audit";

export type DeliveryDeps = { db: Db; clock: Clock; schedule: RetrySchedule; allowPrivateUrls: boolean; secretBox: SecretBox };

/** An endpoint whose every delivery has failed this long, with no success since, is disabled. */
export const AUTO_DISABLE_AFTER_MS = 72 * 60 * 60 * 1000;

/**
 * One attempt of one delivery (the queue runs one job per delivery at a time): signs the body
 * with the endpoint's secret(s) for this attempt's time, POSTs it, records the attempt, and
 * either marks the delivery done or queues the next attempt on the retry schedule. Nothing is
 * sent for a delivery that is no longer pending or whose endpoint is disabled or gone.
 */
export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const delivery = await deps.db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  if (!delivery || delivery.status !== "pending") return;
  const { endpoint } = delivery;
  const now = deps.clock.now();
  if (!endpoint.enabled) {
    await deps.db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "failed", nextAttemptAt: null, lastError: "not sent: the endpoint is disabled" },
    });
    return;
  }
  const secrets = [deps.secretBox.open(endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(deps.secretBox.open(endpoint.previousSecretCiphertext));
  }
  const headers = signWebhook({ secrets, eventId: delivery.eventId, at: now, payload: delivery.payload });
  const result = await postWebhook({ url: endpoint.url, headers, body: delivery.payload }, { allowPrivate: deps.allowPrivateUrls });
  await recordAttempt(deps, { deliveryId: delivery.id, endpoint, attempts: delivery.attempts + 1, at: now, result });
}

async function recordAttempt(
  deps: DeliveryDeps,
  attempt: { deliveryId: string; endpoint: { id: string; url: string; propertyId: string }; attempts: number; at: Date; result: WebhookAttemptResult },
): Promise<void> {
  const { result, at, endpoint } = attempt;
  await deps.db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        deliveryId: attempt.deliveryId,
        attemptedAt: at,
        statusCode: result.statusCode,
        durationMs: Math.round(result.durationMs),
        error: result.error,
        responseBody: result.responseBody,
      },
    });
    const base = { attempts: attempt.attempts, lastAttemptAt: at, lastError: result.error };
    if (result.ok) {
      await tx.webhookDelivery.update({ where: { id: attempt.deliveryId }, data: { ...base, status: "succeeded", nextAttemptAt: null } });
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: null } });
      return;
    }
    const [streak] = await tx.$queryRaw<{ failing_since: Date }[]>`
      UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ${at}) WHERE id = ${endpoint.id}
      RETURNING failing_since`;
    if (streak && at.getTime() - streak.failing_since.getTime() >= AUTO_DISABLE_AFTER_MS) {
      const disabledReason = `Disabled automatically: every delivery failed for 72 hours (last error: ${result.error ?? "unknown"}).`;
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false, disabledReason } });
      await auditWebhookChange(tx, {
        propertyId: endpoint.propertyId,
        action: "webhook_endpoint_disabled",
        actor: { label: "webhook deliveries (automatic)" },
        endpoint,
        details: { reason: disabledReason },
      });
      await tx.webhookDelivery.update({ where: { id: attempt.deliveryId }, data: { ...base, status: "failed", nextAttemptAt: null } });
      return;
    }
    const next = nextAttemptAt(deps.schedule, attempt.attempts, at);
    await tx.webhookDelivery.update({ where: { id: attempt.deliveryId }, data: { ...base, status: next ? "pending" : "failed", nextAttemptAt: next } });
    if (next) await enqueueJob(tx, "deliver-webhook", { deliveryId: attempt.deliveryId }, { runAt: next, key: `deliver-webhook:${attempt.deliveryId}` });
  });
}
