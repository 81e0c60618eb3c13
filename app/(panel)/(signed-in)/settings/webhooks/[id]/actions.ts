"use server";

import { notFound } from "next/navigation";
import { z } from "zod";
import { runPanelAction } from "../../../../_lib/run-panel-action";
import type { WebhookActionState } from "@/components/panel/webhook-form-states";
import { getDb } from "@/lib/db";
import { idSchema, PropertyIdSchema } from "@/lib/schemas/common";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { replayDelivery, replayFailedDeliveries } from "@/lib/webhooks/replay-deliveries";
import { authorizeAction } from "../../../../_lib/panel-session";

const DeliveryIdSchema = idSchema("whd", "whd_3m8x1c7v4b6n0t5f3k9q");
const ReplayForm = z.object({ propertyId: PropertyIdSchema, endpointId: WebhookEndpointIdSchema, deliveryId: DeliveryIdSchema });
/** A datetime-local value, read as UTC (the page shows every time in UTC). */
const ReplayFailedForm = z.object({
  propertyId: PropertyIdSchema,
  endpointId: WebhookEndpointIdSchema,
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Give a date and time."),
});

export async function replayDeliveryAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const parsed = ReplayForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) notFound();
  const { error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  const { propertyId, endpointId, deliveryId } = parsed.data;
  return runPanelAction<WebhookActionState>(`/settings/webhooks/${endpointId}`, async () => {
    const delivery = await getDb().webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, select: { id: true } });
    if (!delivery) notFound();
    const replayed = await replayDelivery(getDb(), { deliveryId, viewer: { propertyId } });
    return { done: `Sent again now (replay ${replayed.replays}).` };
  });
}

export async function replayFailedAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const parsed = ReplayFailedForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    if (!parsed.error.issues.some((issue) => issue.path[0] === "since")) notFound();
    return { error: "Give the date and time (UTC) to replay failed deliveries from." };
  }
  const since = new Date(`${parsed.data.since.length === 16 ? `${parsed.data.since}:00` : parsed.data.since}Z`);
  if (Number.isNaN(since.getTime())) return { error: "Give the date and time (UTC) to replay failed deliveries from." };
  const { error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  const { propertyId, endpointId } = parsed.data;
  return runPanelAction<WebhookActionState>(`/settings/webhooks/${endpointId}`, async () => {
    const count = await replayFailedDeliveries(getDb(), { endpointId, propertyId, since });
    return { done: count === 0 ? "No failed delivery since then." : `${count} failed deliver${count === 1 ? "y is" : "ies are"} sent again now.` };
  });
}
