import { z } from "zod";
import { ARI_CHANGES, BOOKING_EVENT_TYPES, EVENT_TYPES } from "@/lib/events/event-types";
import { BookingChangePreviousSchema, BookingSchema } from "./bookings";
import { CalendarDateSchema, CursorSchema, idSchema, queryInteger, RoomTypeIdSchema, TimestampSchema } from "./common";

const eventFields = {
  id: idSchema("evt", "evt_7k2m9q4x1c8v3b6n5t0p").meta({ description: "The event's id; also the webhook-id of its webhook deliveries." }),
  mode: z.enum(["live", "test"]).meta({ description: "live, or test for an event of a property's test twin (test keys, test webhook endpoints): nothing real happened." }),
  createdAt: TimestampSchema,
};

export const BookingEventSchema = z
  .object({
    ...eventFields,
    type: z.enum(BOOKING_EVENT_TYPES).meta({ description: "What happened to a booking. Ignore types you do not know: new ones may be added." }),
    data: z.object({
      booking: BookingSchema.meta({ description: "The booking as it stood right after the change." }),
      previous: BookingChangePreviousSchema.optional(),
    }),
  })
  .meta({ id: "BookingEvent" });

export const AriChangedSchema = z
  .object({
    roomTypeId: RoomTypeIdSchema,
    from: CalendarDateSchema.meta({ description: "The first night that changed (in the property's time zone)." }),
    to: CalendarDateSchema.meta({ description: "The last night that changed, included: read GET /rates?from=…&to=… for this range and replace your copy of it." }),
    changed: z.array(z.enum(ARI_CHANGES)).min(1).meta({
      description: "What changed on some of those nights: availability (rooms taken, given back or put on sale), price (a night's rate or a plan's price), restrictions (closed, min and max stay, closed to arrival or departure).",
    }),
  })
  .meta({ id: "AriChanged" });

export const AriChangedEventSchema = z
  .object({
    ...eventFields,
    type: z.literal("ari.changed").meta({
      description: "A room type's availability, prices or restrictions changed on a range of nights (changes within a few seconds come as one event). Sent only to endpoints that name it.",
    }),
    data: AriChangedSchema,
  })
  .meta({ id: "AriChangedEvent" });

export const BookingAnonymisedSchema = z
  .object({
    bookingId: z.string().meta({ example: "bk_2b6n0t5f3k9q2m8x1c7v" }),
    reference: z.string().meta({ example: "HVH-4K7Q2M" }),
    anonymisedAt: TimestampSchema,
  })
  .meta({ id: "BookingAnonymised" });

export const BookingAnonymisedEventSchema = z
  .object({
    ...eventFields,
    type: z.literal("booking.anonymised").meta({
      description:
        "A booking's guest was erased (at the guest's request, through the panel, the API or the hotel's tools, or after the hotel's retention period): delete your copy of the guest's name, e-mail and anything else you keep of them. It carries no personal data; GET /bookings/{id} shows the booking as it is now.",
    }),
    data: BookingAnonymisedSchema,
  })
  .meta({ id: "BookingAnonymisedEvent" });

export const BookingGroupAnonymisedSchema = z
  .object({
    groupId: idSchema("grp", "grp_3q9m2k7x5c8v1b4n6t0d"),
    reference: z.string().meta({ example: "HVH-K4M9RT" }),
    anonymisedAt: TimestampSchema,
  })
  .meta({ id: "BookingGroupAnonymised" });

export const BookingGroupAnonymisedEventSchema = z
  .object({
    ...eventFields,
    type: z.literal("booking_group.anonymised").meta({
      description:
        "A booking group's booker was erased (at their request, or with the group's last room): delete your copy of the booker's name, e-mail and anything else you keep of them. The rooms' own guests are erased by booking.anonymised, each. It carries no personal data; GET /booking-groups/{id} shows the group as it is now.",
    }),
    data: BookingGroupAnonymisedSchema,
  })
  .meta({ id: "BookingGroupAnonymisedEvent" });

export const EventSchema = z.discriminatedUnion("type", [BookingEventSchema, BookingAnonymisedEventSchema, BookingGroupAnonymisedEventSchema, AriChangedEventSchema]).meta({ id: "Event" });

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
export type BookingEventView = z.infer<typeof BookingEventSchema>;
export type AriChangedView = z.infer<typeof AriChangedSchema>;
export type BookingAnonymisedView = z.infer<typeof BookingAnonymisedSchema>;
export type EventFeedQuery = z.infer<typeof EventFeedQuerySchema>;
export type EventFeedView = z.infer<typeof EventFeedSchema>;
