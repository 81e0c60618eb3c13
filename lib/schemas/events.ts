import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { BookingChangePreviousSchema, BookingSchema } from "./bookings";
import { CursorSchema, idSchema, queryInteger, TimestampSchema } from "./common";

export const EventSchema = z
  .object({
    id: idSchema("evt", "evt_7k2m9q4x1c8v3b6n5t0p").meta({ description: "The event's id; also the webhook-id of its webhook deliveries." }),
    type: z.enum(EVENT_TYPES).meta({ description: "What happened. Ignore types you do not know: new ones may be added." }),
    mode: z.enum(["live", "test"]).meta({ description: "live, or test for an event of a property's test twin (test keys, test webhook endpoints): nothing real happened." }),
    createdAt: TimestampSchema,
    data: z.object({
      booking: BookingSchema.meta({ description: "The booking as it stood right after the change." }),
      previous: BookingChangePreviousSchema.optional(),
    }),
  })
  .meta({ id: "Event" });

export const EventFeedQuerySchema = z.strictObject({
  after: CursorSchema.optional().meta({ description: "nextCursor of the previous call; omit to start from the oldest event kept (30 days)." }),
  type: z.enum(EVENT_TYPES).optional().meta({ description: "Only events of this type." }),
  limit: queryInteger(1, 100).optional().meta({ description: "At most this many events, 1 to 100 (default 100)." }),
});

export const EventFeedSchema = z
  .object({
    data: z.array(EventSchema).meta({ description: "Oldest first. Fewer than `limit` means you are caught up." }),
    nextCursor: z.string().meta({ description: "Pass as `after` next time (also when `data` is empty). Valid for 30 days." }),
  })
  .meta({ id: "EventFeed" });

export type EventView = z.infer<typeof EventSchema>;
export type EventFeedQuery = z.infer<typeof EventFeedQuerySchema>;
export type EventFeedView = z.infer<typeof EventFeedSchema>;
