import { addDays, type CalendarDate } from "@/lib/dates/calendar-date";
import { deliveriesCursor } from "./example-cursors";
import { EXAMPLE_IDS } from "./example-ids";
import type { Input, OperationExample, Output } from "./example-types";
import type { DeliveryListQuery, WebhookDeliveryListSchema, WebhookDeliveryView } from "@/lib/schemas/webhook-deliveries";
import type { CreatedWebhookEndpointSchema, CreateWebhookEndpointSchema, WebhookEndpointListSchema, WebhookEndpointView } from "@/lib/schemas/webhooks";

export const EXAMPLE_WEBHOOK_SECRET = "whsec_7360vNcbSXMifx+CXiiRh+tRDZ5zMnn5sIt4GNJHNXY=";

/** A time `ms` after an instant, as the API writes it. */
const after = (instant: string, ms: number) => new Date(Date.parse(instant) + ms).toISOString();

/**
 * The story's webhook endpoint and its operations' examples: the partner's endpoint, and the
 * delivery of the story's booking.created event (`eventAt`), which failed once and then arrived.
 */
export function webhookEndpointExamples(today: CalendarDate, eventAt: string) {
  const webhookEndpoint = {
    id: EXAMPLE_IDS.webhookEndpoint,
    url: "https://partner.example.com/hooks/room-booking",
    events: ["booking.created", "booking.changed", "booking.cancelled"],
    description: "Channel manager sync",
    enabled: true,
    disabledReason: null,
    createdAt: `${addDays(today, -30)}T14:02:19.480Z`,
  } satisfies WebhookEndpointView;

  const delivery = {
    id: EXAMPLE_IDS.webhookDelivery,
    eventId: EXAMPLE_IDS.createdEvent,
    eventType: "booking.created",
    status: "succeeded",
    attemptCount: 2,
    replays: 0,
    nextAttemptAt: null,
    createdAt: after(eventAt, 40),
    attempts: [
      { at: after(eventAt, 30_402), statusCode: 200, durationMs: 184, error: null },
      { at: after(eventAt, 412), statusCode: 503, durationMs: 5_021, error: "HTTP 503" },
    ],
  } satisfies WebhookDeliveryView;

  return {
    listWebhookEndpoints: {
      request: { summary: "Your endpoints" },
      response: { summary: "One endpoint", value: { data: [webhookEndpoint] } satisfies Output<typeof WebhookEndpointListSchema> },
    },
    createWebhookEndpoint: {
      request: {
        summary: "Every event type, to your https URL",
        body: { url: webhookEndpoint.url, events: webhookEndpoint.events, description: webhookEndpoint.description } satisfies Input<typeof CreateWebhookEndpointSchema>,
      },
      response: {
        summary: "The endpoint and its secret, shown once",
        value: { ...webhookEndpoint, secret: EXAMPLE_WEBHOOK_SECRET } satisfies Output<typeof CreatedWebhookEndpointSchema>,
      },
    },
    getWebhookEndpoint: {
      request: { summary: "The endpoint", path: { id: EXAMPLE_IDS.webhookEndpoint } },
      response: { summary: "The endpoint (never its secret)", value: webhookEndpoint },
    },
    deleteWebhookEndpoint: {
      request: { summary: "Delete the endpoint", path: { id: EXAMPLE_IDS.webhookEndpoint } },
    },
    listWebhookDeliveries: {
      request: {
        summary: "The endpoint's delivered events",
        path: { id: EXAMPLE_IDS.webhookEndpoint },
        query: { status: "succeeded", limit: "25", cursor: deliveriesCursor(after(eventAt, 86_400_000), "whd_q2k8v3b6n5t0p7c1x9m4") } satisfies Required<
          Record<keyof DeliveryListQuery, string>
        >,
        curlQuery: ["status"],
      },
      response: {
        summary: "A booking.created that arrived on the second attempt",
        value: { data: [delivery], nextCursor: null } satisfies Output<typeof WebhookDeliveryListSchema>,
      },
    },
    replayWebhookDelivery: {
      request: { summary: "Send it again", path: { id: EXAMPLE_IDS.webhookEndpoint, deliveryId: EXAMPLE_IDS.webhookDelivery } },
      response: {
        summary: "Pending again, going out now",
        value: { ...delivery, status: "pending", replays: 1, nextAttemptAt: `${today}T09:30:00.000Z` } satisfies WebhookDeliveryView,
      },
    },
  } satisfies Record<string, OperationExample>;
}
