"use server";

import { notFound } from "next/navigation";
import { z } from "zod";
import { runPanelAction } from "../../../_lib/run-panel-action";
import type { CreateEndpointState, WebhookActionState } from "@/components/panel/webhook-form-states";
import { getDb } from "@/lib/db";
import { isDomainError, type FieldError } from "@/lib/errors";
import { setGuestEmailsEnabled } from "@/lib/properties/set-guest-emails-enabled";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { parseCreateWebhookEndpoint, WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint, rotateWebhookSecret, setWebhookEndpointEnabled } from "@/lib/webhooks/manage-webhook-endpoint";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { webhookConfig } from "@/lib/webhooks/webhook-config";
import { authorizeAction } from "../../../_lib/panel-session";
import { staffActor } from "@/lib/staff/staff-actor";

const EndpointForm = z.object({ propertyId: PropertyIdSchema, endpointId: WebhookEndpointIdSchema });
const EnabledForm = EndpointForm.extend({ enabled: z.enum(["true", "false"]) });
const GuestEmailsForm = z.object({ propertyId: PropertyIdSchema, enabled: z.enum(["true", "false"]) });

/** The signed-in admin of the form's property (an id edited into the form: 404), or the refusal. */
async function authorizeForm<T extends z.ZodType<{ propertyId: string }>>(schema: T, form: FormData) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) notFound();
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  return { data: parsed.data as z.infer<T>, actor: staffActor(staff), error };
}

function fieldErrorsOf(errors: unknown): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const { field, message } of (Array.isArray(errors) ? errors : []) as FieldError[]) {
    const name = field.split(".")[0] ?? "body";
    fieldErrors[name] ??= message;
  }
  return fieldErrors;
}

export async function createEndpointAction(_previous: CreateEndpointState, form: FormData): Promise<CreateEndpointState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const values = { url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events: form.getAll("events").map(String) };
  const { staff, error } = await authorizeAction(propertyId.data, "manage");
  if (error) return { values, error };
  return runPanelAction<CreateEndpointState>("/settings/webhooks", async () => {
    try {
      const endpoint = await createWebhookEndpoint(getDb(), {
        propertyId: propertyId.data,
        endpoint: parseCreateWebhookEndpoint({ url: values.url, events: values.events, ...(values.description.trim() ? { description: values.description } : {}) }),
        actor: staffActor(staff),
        ...webhookConfig(),
      });
      return { shown: { secret: endpoint.secret, url: endpoint.url, verb: "Created" } };
    } catch (failure) {
      if (!isDomainError(failure, "validation_failed")) throw failure;
      const fieldErrors = fieldErrorsOf(failure.details.errors);
      return { values, fieldErrors, error: fieldErrors.body ?? "Check the highlighted fields." };
    }
  });
}

export async function sendTestEventAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const { data, error } = await authorizeForm(EndpointForm, form);
  if (error) return { error };
  return runPanelAction<WebhookActionState>("/settings/webhooks", async () => {
    const { eventId } = await sendTestEvent(getDb(), { endpointId: data.endpointId, propertyId: data.propertyId });
    return { done: `Test event ${eventId} queued: see its delivery under Deliveries.` };
  });
}

export async function setEndpointEnabledAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const { data, actor, error } = await authorizeForm(EnabledForm, form);
  if (error) return { error };
  const enabled = data.enabled === "true";
  return runPanelAction<WebhookActionState>("/settings/webhooks", async () => {
    await setWebhookEndpointEnabled(getDb(), { viewer: { propertyId: data.propertyId }, id: data.endpointId, enabled, actor });
    return { done: enabled ? "Enabled: new events are sent to it again." : "Disabled: no events are sent to it until it is enabled again." };
  });
}

export async function rotateSecretAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const { data, actor, error } = await authorizeForm(EndpointForm, form);
  if (error) return { error };
  return runPanelAction<WebhookActionState>("/settings/webhooks", async () => {
    const { secretBox } = webhookConfig();
    const rotated = await rotateWebhookSecret(getDb(), { viewer: { propertyId: data.propertyId }, id: data.endpointId, actor, secretBox });
    return { shown: { secret: rotated.secret, verb: "Rotated" } };
  });
}

export async function deleteEndpointAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const { data, actor, error } = await authorizeForm(EndpointForm, form);
  if (error) return { error };
  return runPanelAction<WebhookActionState>("/settings/webhooks", async () => {
    await deleteWebhookEndpoint(getDb(), { viewer: { propertyId: data.propertyId }, id: data.endpointId, actor });
    return { done: "Deleted, with its delivery records." };
  });
}

export async function setGuestEmailsAction(_previous: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  const { data, actor, error } = await authorizeForm(GuestEmailsForm, form);
  if (error) return { error };
  const enabled = data.enabled === "true";
  return runPanelAction<WebhookActionState>("/settings/webhooks", async () => {
    await setGuestEmailsEnabled(getDb(), { propertyId: data.propertyId, enabled, actor });
    return { done: enabled ? "Guest e-mails are on." : "Guest e-mails are off." };
  });
}
