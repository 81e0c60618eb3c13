import { z } from "zod";
import { BookingSchema, CancelBookingSchema, CreateBookingSchema, GuestSchema } from "./bookings";
import { BookingGroupIdSchema, BookingReferenceSchema, CalendarDateSchema, MoneySchema, PAGE_QUERY, pageSchema, printableAscii, TimestampSchema } from "./common";

/** How many rooms one group books: at least two (one is a booking), at most ten. */
export const MIN_GROUP_ROOMS = 2;
export const MAX_GROUP_ROOMS = 10;

export const GroupRoomSchema = z
  .strictObject({
    roomTypeId: CreateBookingSchema.shape.roomTypeId,
    ratePlanId: CreateBookingSchema.shape.ratePlanId,
    adults: CreateBookingSchema.shape.adults,
    childrenAges: CreateBookingSchema.shape.childrenAges,
    guest: GuestSchema.optional().meta({ description: "Who stays in this room; the booker when left out." }),
  })
  .meta({ id: "GroupRoom", description: "One room of the group, with its own party; it obeys every rule of a single booking." });

export const CreateBookingGroupSchema = z
  .strictObject({
    booker: GuestSchema.meta({ description: "Who books: the group's one e-mail goes to them, and each room's guest is them unless the room names its own." }),
    rooms: z
      .array(GroupRoomSchema)
      .min(MIN_GROUP_ROOMS, `Must list at least ${MIN_GROUP_ROOMS} rooms (one room is a booking: POST /bookings).`)
      .max(MAX_GROUP_ROOMS, `Must list at most ${MAX_GROUP_ROOMS} rooms.`),
    checkin: CalendarDateSchema,
    checkout: CalendarDateSchema,
    externalReference: CreateBookingSchema.shape.externalReference.meta({
      description: "Your own id for the group; returned, and each room's booking carries it too (GET /bookings?externalReference=).",
    }),
  })
  .meta({ id: "CreateBookingGroup" });

export const BookingGroupPriceSchema = z
  .object({ total: MoneySchema.meta({ description: "The rooms' prices added up, every room as booked (cancelled rooms too: see cancellationFee)." }) })
  .meta({ id: "BookingGroupPrice" });

export const BOOKING_GROUP_STATUSES = ["confirmed", "partly_cancelled", "cancelled"] as const;
export type BookingGroupStatus = (typeof BOOKING_GROUP_STATUSES)[number];

export const BookingGroupSchema = z
  .object({
    id: BookingGroupIdSchema,
    reference: BookingReferenceSchema.meta({ description: "Short reference of the whole group, for the booker and the hotel's staff (each room has its own too)." }),
    status: z.enum(BOOKING_GROUP_STATUSES).meta({
      description: "confirmed: every room is; cancelled: every room is; partly_cancelled: some rooms were cancelled alone.",
    }),
    externalReference: z.string().nullable(),
    booker: BookingSchema.shape.guest,
    checkin: CalendarDateSchema.meta({ description: "The stay as the group was booked; a room changed alone (PATCH /bookings/{id}) shows its own dates." }),
    checkout: CalendarDateSchema,
    nights: z.number().int(),
    bookings: z.array(BookingSchema).meta({ description: "Each room's booking, in the order of the request's rooms; each carries this group's id as groupId." }),
    price: BookingGroupPriceSchema,
    cancellationFee: MoneySchema.nullable().meta({ description: "What cancelling its cancelled rooms cost, added up; null while no room is cancelled." }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema.meta({ description: "The last time any of its rooms changed." }),
  })
  .meta({ id: "BookingGroup" });

export const CancelBookingGroupSchema = CancelBookingSchema.meta({ id: "CancelBookingGroup" });

export const BookingGroupListQuerySchema = z.strictObject({
  reference: BookingReferenceSchema.optional().meta({ description: "The group with this reference (the booker's: HVH-7Q2M4K)." }),
  externalReference: printableAscii(100).optional().meta({ description: "Groups you made with this externalReference." }),
  ...PAGE_QUERY,
});

export const BookingGroupListSchema = pageSchema(BookingGroupSchema, "BookingGroupList");

export type CreateBookingGroupInput = z.infer<typeof CreateBookingGroupSchema>;
export type GroupRoomInput = z.infer<typeof GroupRoomSchema>;
export type BookingGroupView = z.infer<typeof BookingGroupSchema>;
export type BookingGroupListQuery = z.infer<typeof BookingGroupListQuerySchema>;
