import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { parseCreateWebhookEndpoint } from "@/lib/schemas/webhooks";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { getWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/find-webhook-endpoints";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { deleteWebhookEndpoint, rotateWebhookSecret, setWebhookEndpointEnabled } from "@/lib/webhooks/manage-webhook-endpoint";
import { replayDelivery } from "@/lib/webhooks/replay-deliveries";
import type { Db } from "@/lib/db";
import { defineCommand } from "./command";
import { formatInstant, formatTable } from "./output";
import { UsageError } from "./parse-args";
import { cliWebhookConfig } from "./webhook-secrets";

const SHOWN_ONCE = "This is the only time the secret is shown: store it now (it is kept encrypted).";

/** The admin CLI sees every endpoint; the viewer is the endpoint's own property. */
async function viewerOf(db: Db, id: string) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id }, select: { propertyId: true } });
  return { propertyId: endpoint?.propertyId ?? "none" };
}

export const webhookCreate = defineCommand({
  name: "webhook create",
  args: "SLUG --url URL [--events T1,T2] [--description D]",
  summary: `Add a webhook endpoint to a property and print its signing secret, once (events: ${EVENT_TYPES.join(", ")}; default: the booking events).`,
  positionals: ["SLUG"],
  options: { url: { type: "string" }, events: { type: "string" }, description: { type: "string" } },
  parse(args) {
    const events = args.optionalString("events")?.split(",").map((type) => type.trim());
    const unknown = events?.find((type) => !(EVENT_TYPES as readonly string[]).includes(type));
    if (unknown !== undefined) throw new UsageError(`event type "${unknown}" is not one of ${EVENT_TYPES.join(", ")}`);
    return { slug: args.slug(0), url: args.string("url"), events: events as (typeof EVENT_TYPES)[number][] | undefined, description: args.optionalString("description") };
  },
  async run({ db }, input) {
    const property = await findPropertyBySlug(db, input.slug);
    const created = await createWebhookEndpoint(db, {
      propertyId: property.id,
      endpoint: parseCreateWebhookEndpoint({ url: input.url, events: input.events, description: input.description }),
      actor: ADMIN_CLI_ACTOR,
      ...cliWebhookConfig(),
    });
    return {
      json: { id: created.id, secret: created.secret },
      text: [`Created webhook endpoint ${created.id} for ${property.slug} (${created.events.join(", ")}):`, created.secret, SHOWN_ONCE].join("\n"),
    };
  },
});

export const webhookList = defineCommand({
  name: "webhook list",
  args: "SLUG",
  summary: "List a property's webhook endpoints (never their secrets).",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const { data } = await listWebhookEndpoints(db, { propertyId: property.id });
    const rows = data.map((e) => [e.id, e.enabled ? "enabled" : "disabled", e.url, e.events.join(","), e.disabledReason ?? ""]);
    return { json: { data }, text: formatTable(["ID", "STATUS", "URL", "EVENTS", "DISABLED BECAUSE"], rows, `${property.slug} has no webhook endpoints.`) };
  },
});

function switchCommand(enabled: boolean) {
  return defineCommand({
    name: enabled ? "webhook enable" : "webhook disable",
    args: "ENDPOINT_ID",
    summary: enabled ? "Enable a webhook endpoint again (it gets events from now on)." : "Disable a webhook endpoint: nothing is sent to it until enabled.",
    positionals: ["ENDPOINT_ID"],
    parse: (args) => ({ id: args.id(0, "whe") }),
    async run({ db }, { id }) {
      const endpoint = await setWebhookEndpointEnabled(db, { viewer: await viewerOf(db, id), id, enabled, actor: ADMIN_CLI_ACTOR });
      return { json: { id: endpoint.id, enabled: endpoint.enabled }, text: `${endpoint.id} is ${endpoint.enabled ? "enabled" : "disabled"}.` };
    },
  });
}
export const webhookDisable = switchCommand(false);
export const webhookEnable = switchCommand(true);

export const webhookDelete = defineCommand({
  name: "webhook delete",
  args: "ENDPOINT_ID",
  summary: "Delete a webhook endpoint and its delivery records.",
  positionals: ["ENDPOINT_ID"],
  parse: (args) => ({ id: args.id(0, "whe") }),
  async run({ db }, { id }) {
    await deleteWebhookEndpoint(db, { viewer: await viewerOf(db, id), id, actor: ADMIN_CLI_ACTOR });
    return { json: { id, deleted: true }, text: `Deleted ${id}.` };
  },
});

export const webhookRotateSecret = defineCommand({
  name: "webhook rotate-secret",
  args: "ENDPOINT_ID",
  summary: "Give an endpoint a new signing secret, printed once; the old one keeps signing beside it for 24 hours.",
  positionals: ["ENDPOINT_ID"],
  parse: (args) => ({ id: args.id(0, "whe") }),
  async run({ db }, { id }) {
    const rotated = await rotateWebhookSecret(db, { viewer: await viewerOf(db, id), id, actor: ADMIN_CLI_ACTOR, secretBox: cliWebhookConfig().secretBox });
    return { json: rotated, text: [`New signing secret of ${rotated.id} (the old one signs too for 24 hours):`, rotated.secret, SHOWN_ONCE].join("\n") };
  },
});

export const webhookDeliveries = defineCommand({
  name: "webhook deliveries",
  args: "ENDPOINT_ID [--failed]",
  summary: "An endpoint's deliveries of the last 30 days, newest first (--failed: only those given up on).",
  positionals: ["ENDPOINT_ID"],
  options: { failed: { type: "boolean" } },
  parse: (args) => ({ id: args.id(0, "whe"), failedOnly: args.flag("failed") }),
  async run({ db }, { id, failedOnly }) {
    await getWebhookEndpoint(db, await viewerOf(db, id), id);
    const { data } = await listDeliveries(db, { endpointId: id, status: failedOnly ? "failed" : undefined });
    const json = data.map((d) => ({
      id: d.id,
      eventId: d.eventId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      lastAttemptAt: d.lastAttemptAt,
      nextAttemptAt: d.nextAttemptAt,
    }));
    const rows = data.map((d) => [d.id, d.eventType, d.status, String(d.attempts), formatInstant(d.lastAttemptAt ? new Date(d.lastAttemptAt) : null), d.lastError ?? ""]);
    return { json: { data: json }, text: formatTable(["ID", "EVENT", "STATUS", "ATTEMPTS", "LAST ATTEMPT", "LAST ERROR"], rows, "No deliveries.") };
  },
});

export const webhookReplay = defineCommand({
  name: "webhook replay",
  args: "DELIVERY_ID",
  summary: "Send a delivery again now (same event id and body, a fresh signature).",
  positionals: ["DELIVERY_ID"],
  parse: (args) => ({ id: args.id(0, "whd") }),
  async run({ db }, { id }) {
    const replayed = await replayDelivery(db, { deliveryId: id });
    return { json: { id: replayed.id, replays: replayed.replays, status: replayed.status }, text: `Queued ${replayed.id} again (replay ${replayed.replays}).` };
  },
});
