import type { Actor } from "@/lib/audit/actor";
import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import type { WebhookEndpointView } from "@/lib/schemas/webhooks";
import { findVisibleWebhookEndpoint, type EndpointViewer } from "./find-webhook-endpoints";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { newWebhookSecret } from "./sign-webhook";
import { auditWebhookChange } from "./webhook-audit";
import { toWebhookEndpointView } from "./webhook-endpoint-view";

/** After a rotation the old secret signs beside the new one this long, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

type Change = { viewer: EndpointViewer; id: string; actor: Actor };

/** Disables (with the reason shown to staff and partners) or enables an endpoint; enabling clears its failure streak. */
export async function setWebhookEndpointEnabled(db: Db, change: Change & { enabled: boolean; reason?: string }): Promise<WebhookEndpointView> {
  return db.$transaction(async (tx) => {
    const endpoint = await findVisibleWebhookEndpoint(tx, change.viewer, change.id);
    if (endpoint.enabled === change.enabled) return toWebhookEndpointView(endpoint);
    const row = await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: change.enabled
        ? { enabled: true, disabledReason: null, failingSince: null }
        : { enabled: false, disabledReason: change.reason ?? `Disabled by ${change.actor.label}.` },
    });
    await auditWebhookChange(tx, {
      propertyId: endpoint.propertyId,
      action: change.enabled ? "webhook_endpoint_enabled" : "webhook_endpoint_disabled",
      actor: change.actor,
      endpoint,
    });
    return toWebhookEndpointView(row);
  });
}

/** Deletes an endpoint and its delivery records; its queued deliveries find it gone and stop. */
export async function deleteWebhookEndpoint(db: Db, change: Change): Promise<void> {
  await db.$transaction(async (tx) => {
    const endpoint = await findVisibleWebhookEndpoint(tx, change.viewer, change.id);
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await auditWebhookChange(tx, { propertyId: endpoint.propertyId, action: "webhook_endpoint_deleted", actor: change.actor, endpoint });
  });
}

/** A new signing secret, shown this once; the old one keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(
  db: Db,
  change: Change & { secretBox: SecretBox; clock?: Clock },
): Promise<{ id: string; secret: string }> {
  const now = (change.clock ?? systemClock).now();
  const secret = newWebhookSecret();
  return db.$transaction(async (tx) => {
    const endpoint = await findVisibleWebhookEndpoint(tx, change.viewer, change.id);
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secretCiphertext: change.secretBox.seal(secret),
        previousSecretCiphertext: endpoint.secretCiphertext,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
      },
    });
    await auditWebhookChange(tx, { propertyId: endpoint.propertyId, action: "webhook_secret_rotated", actor: change.actor, endpoint });
    return { id: endpoint.id, secret };
  });
}
