import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { idSchema, PAGE_QUERY, pageSchema, TimestampSchema } from "./common";

export const WebhookDeliveryIdSchema = idSchema("whd", "whd_7c1x9m4q2k8v3b6n5t0p");
const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const DeliveryListQuerySchema = z.strictObject({
  status: z.enum(DELIVERY_STATUSES).optional().meta({ description: "Only deliveries in this state: pending (being tried), succeeded, or failed (retries exhausted)." }),
  ...PAGE_QUERY,
});

const AttemptSchema = z.object({
  at: TimestampSchema,
  statusCode: z.number().int().nullable().meta({ description: "Your server's HTTP status; null when no answer came (timeout, refused connection).", example: 500 }),
  durationMs: z.number().int().meta({ example: 212 }),
  error: z.string().nullable().meta({ description: "Why the attempt failed; null on success.", example: "HTTP 500" }),
});

export const WebhookDeliverySchema = z
  .object({
    id: WebhookDeliveryIdSchema,
    eventId: z.string().meta({ description: "The event's id: the webhook-id header of every attempt.", example: "evt_7k2m9q4x1c8v3b6n5t0p" }),
    eventType: z.string().meta({ example: EVENT_TYPES[0] }),
    status: z.enum(DELIVERY_STATUSES),
    attemptCount: z.number().int().meta({ description: "Attempts made so far (replays included)." }),
    replays: z.number().int().meta({ description: "How many times it was replayed." }),
    nextAttemptAt: TimestampSchema.nullable().meta({ description: "When the next retry goes out; null unless pending." }),
    createdAt: TimestampSchema,
    attempts: z.array(AttemptSchema).meta({ description: "The newest attempts first, at most 20." }),
  })
  .meta({ id: "WebhookDelivery" });

export const WebhookDeliveryListSchema = pageSchema(WebhookDeliverySchema, "WebhookDeliveryList");

export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;
export type WebhookDeliveryView = z.infer<typeof WebhookDeliverySchema>;
