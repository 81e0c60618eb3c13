import { z } from "zod";
import { validationFailed } from "@/lib/errors";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { MAX_WEBHOOK_URL_LENGTH } from "@/lib/webhooks/webhook-url";
import { freeText, idSchema, TimestampSchema } from "./common";
import { fieldErrors } from "./field-errors";

export const WebhookEndpointIdSchema = idSchema("whe", "whe_3m8x1c7v4b6n0t5f3k9q");

const EventTypesSchema = z
  .array(z.enum(EVENT_TYPES))
  .min(1, "Give at least one event type.")
  .max(EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, "Must not repeat an event type.");

export const CreateWebhookEndpointSchema = z
  .strictObject({
    url: z.string().max(MAX_WEBHOOK_URL_LENGTH, `Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`).meta({
      description: "Where events are POSTed: an absolute https URL on a public address (in production).",
      format: "uri",
      example: "https://partner.example.com/hooks/room-booking",
    }),
    events: EventTypesSchema.optional().meta({
      description: "The event types to send. Default: the booking events (booking.created, booking.changed, booking.cancelled) and the erasures (booking.anonymised, booking_group.anonymised); ari.changed is sent only to endpoints that name it.",
    }),
    description: freeText({ max: 200 }).optional().meta({ description: "For your own records, at most 200 characters." }),
  })
  .meta({ id: "CreateWebhookEndpoint" });

export const WebhookEndpointSchema = z
  .object({
    id: WebhookEndpointIdSchema,
    url: z.string().meta({ format: "uri", example: "https://partner.example.com/hooks/room-booking" }),
    events: z.array(z.enum(EVENT_TYPES)),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Why it is disabled: by staff, by you, or automatically after 72 hours of failed deliveries." }),
    createdAt: TimestampSchema,
  })
  .meta({ id: "WebhookEndpoint" });

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().meta({
    description: "The signing secret (whsec_…), shown this once: keep it to verify the webhook-signature header.",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).meta({ id: "CreatedWebhookEndpoint" });

export const WebhookEndpointListSchema = z.object({ data: z.array(WebhookEndpointSchema) }).meta({ id: "WebhookEndpointList" });

export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointSchema>;

/** A new endpoint's fields as the API's body parser reads them, or 400 validation_failed naming each wrong field (the panel's and the CLI's check). */
export function parseCreateWebhookEndpoint(input: unknown): CreateWebhookEndpointInput {
  const parsed = CreateWebhookEndpointSchema.safeParse(input);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, "field"));
  return parsed.data;
}
export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;
