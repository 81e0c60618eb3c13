import { z } from "zod";
import {
  BookingGroupIdSchema,
  BookingIdSchema,
  BookingReferenceSchema,
  CalendarDateSchema,
  PAGE_QUERY,
  pageSchema,
  freeText,
  idSchema,
  MoneySchema,
  NightlyPriceSchema,
  PersonNameSchema,
  printableAscii,
  RoomTypeIdSchema,
  TimestampSchema,
} from "./common";
import { ChildrenAgesSchema, ExtrasSchema } from "./party";
import { BookingRatePlanSchema, CancellationTermsSchema } from "./rate-plans";

/** Where a booking was made: through the partner API (partners, the guest site) or at the hotel's desk (the control panel). */
export const BOOKING_SOURCES = ["api", "desk"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** A guest's language, as browsers and partners name it (BCP 47: de, en-GB, pt-BR). */
const LanguageTagSchema = z
  .string()
  .max(35, "Must be at most 35 characters.")
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, "Must be a language tag such as de, en-GB or pt-BR.")
  .meta({
    example: "de",
    description: "The guest's language (BCP 47), for the hotel's e-mails to them: English and German today (others get English, with the tag kept). Left out: English.",
  });

export const GuestSchema = z
  .strictObject({
    firstName: PersonNameSchema.meta({ example: "Ana" }),
    lastName: PersonNameSchema.meta({ example: "Silva" }),
    email: z.email("Must be an e-mail address.").max(254, "Must be at most 254 characters.").meta({ example: "ana.silva@example.com" }),
    language: LanguageTagSchema.optional(),
  })
  .meta({ id: "Guest" });

export const CreateBookingSchema = z
  .strictObject({
    roomTypeId: idSchema("rt", "rt_2b6n0t5f3k9q2m8x1c7v", { unknownAs: "unknown_room_type" }).meta({ description: "A room type of this property (GET /room-types)." }),
    checkin: CalendarDateSchema,
    checkout: CalendarDateSchema,
    adults: z.number().int("Must be a whole number.").min(1, "Must be at least 1.").max(20, "Must be at most 20."),
    childrenAges: ChildrenAgesSchema.optional(),
    guest: GuestSchema,
    externalReference: printableAscii(100).optional().meta({ description: "Your own id for the booking; returned, and filterable in GET /bookings." }),
    ratePlanId: idSchema("rp", "rp_7k2m9q4x8c1v5b3n6t0d", { unknownAs: "unknown_rate_plan" })
      .optional()
      .meta({ description: "The offer's rate plan (GET /availability); the Standard plan when left out." }),
  })
  .meta({ id: "CreateBooking" });

export const ChangeBookingSchema = z
  .strictObject({
    checkin: CalendarDateSchema.optional(),
    checkout: CalendarDateSchema.optional(),
    roomTypeId: CreateBookingSchema.shape.roomTypeId.optional(),
    adults: CreateBookingSchema.shape.adults.optional(),
    childrenAges: ChildrenAgesSchema.optional().meta({ description: "The children's ages as they now are (all of them: [] when none come); the whole stay is priced again for the new party." }),
    ratePlanId: CreateBookingSchema.shape.ratePlanId.meta({
      description: "Another rate plan: every night is then priced with it and its cancellation terms apply. Left out, the booking keeps its plan and terms (new nights priced with the plan).",
    }),
    guest: GuestSchema.partial().optional().meta({ description: "Any of the guest's fields; the others stay as they are." }),
    externalReference: CreateBookingSchema.shape.externalReference.unwrap().nullable().optional().meta({ description: "Your own id for the booking; null clears it." }),
    expectedPrice: z
      .strictObject({
        amount: z.number().int("Must be a whole number.").min(0, "Must be at least 0."),
        currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code such as EUR."),
      })
      .optional()
      .meta({
        description: "The total you showed the guest (from a dry run). If the change would cost anything else, it is refused with 409 price_changed and nothing changes.",
      }),
  })
  .refine((body) => Object.keys(body).some((field) => field !== "expectedPrice"), {
    message: "Name at least one field to change (checkin, checkout, roomTypeId, adults, childrenAges, guest, externalReference or ratePlanId).",
  })
  .meta({ id: "ChangeBooking" });

export const ChangeBookingQuerySchema = z.strictObject({
  dryRun: z.enum(["true", "false"], "Must be true or false.").optional().meta({ description: "true: answer with the booking as it would be after the change, and store nothing." }),
});

export const CancelBookingSchema = z
  .strictObject({
    reason: freeText({ max: 500, multiline: true })
      .optional()
      .meta({ description: "Why, for the hotel: at most 500 characters; line breaks and tabs allowed, no other control characters." }),
  })
  .meta({ id: "CancelBooking" });

export const BookingSchema = z
  .object({
    id: BookingIdSchema,
    reference: BookingReferenceSchema,
    externalReference: z.string().nullable(),
    groupId: BookingGroupIdSchema.nullable().meta({
      description: "The booking group it was booked in with other rooms (POST /booking-groups); null for a booking made alone. A room of a group is a booking like any other: read, changed and cancelled alone.",
    }),
    status: z.enum(["confirmed", "cancelled"]).meta({ description: "Born confirmed; only cancellation moves it (a change keeps it confirmed)." }),
    source: z.enum(BOOKING_SOURCES).meta({
      description: "Where the booking was made: `api` through this API (by you, another partner or the hotel's own booking engine), `desk` by the hotel's staff in its control panel (a phone call, a walk-in). Both are the property's bookings, listed, changed and cancelled alike.",
    }),
    roomTypeId: RoomTypeIdSchema,
    checkin: CalendarDateSchema,
    checkout: CalendarDateSchema,
    nights: z.number().int(),
    adults: z.number().int(),
    childrenAges: z.array(z.number().int()).meta({ description: "Each child's age on arrival; [] when no children come." }),
    guest: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), language: z.string().optional().meta({ description: "The guest's language, when given." }) }),
    price: MoneySchema.meta({ description: "Total, fixed when the booking was made; only a change of the booking (PATCH) moves it, never a rate edit." }),
    nightly: z.array(NightlyPriceSchema),
    extras: ExtrasSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    cancelledAt: TimestampSchema.nullable(),
    cancellationReason: z.string().nullable(),
    ratePlan: BookingRatePlanSchema.meta({ description: "The rate plan it was sold with (the Standard plan when none was chosen)." }),
    cancellation: CancellationTermsSchema.meta({ description: "Its cancellation terms, fixed at booking (a change of dates or plan works them out again; an edit of the plan never does)." }),
    cancellationFee: MoneySchema.nullable().meta({ description: "What cancelling cost (amount 0 when free); null while the booking is not cancelled." }),
    anonymisedAt: TimestampSchema.nullable().meta({
      description:
        "When the guest's data was erased at the guest's request or after the hotel's retention period: the names are \"Anonymised\", the e-mail an address that cannot exist, the language gone. Null otherwise. Delete your copy of the guest when you see it set.",
    }),
  })
  .meta({ id: "Booking" });

/** What a booking.changed event says changed: each changed field with its value before the change. */
export const BookingChangePreviousSchema = BookingSchema.pick({
  checkin: true,
  checkout: true,
  nights: true,
  roomTypeId: true,
  adults: true,
  childrenAges: true,
  guest: true,
  price: true,
  nightly: true,
  extras: true,
  externalReference: true,
  ratePlan: true,
  cancellation: true,
})
  .partial()
  .meta({
    id: "BookingChangePrevious",
    description:
      "booking.changed only: each field the change changed, with its value before it (in the booking's own shapes). A new stay names checkin, checkout, nights, nightly and price as they were; a new guest names the whole guest.",
  });

export const BookingListQuerySchema = z.strictObject({
  status: z.enum(["confirmed", "cancelled"]).optional().meta({ description: "Only bookings in this state." }),
  checkinFrom: CalendarDateSchema.optional().meta({ description: "Check-in on or after this date." }),
  checkinTo: CalendarDateSchema.optional().meta({ description: "Check-in on or before this date." }),
  updatedSince: TimestampSchema.optional().meta({ description: "Changed at or after this instant (updatedAt >= updatedSince): poll with it to pick up changes made elsewhere." }),
  reference: BookingReferenceSchema.optional().meta({ description: "The booking with this reference (HVH-4K7Q2M)." }),
  externalReference: printableAscii(100).optional().meta({ description: "Bookings you made with this externalReference." }),
  groupId: BookingGroupIdSchema.optional().meta({ description: "The rooms of this booking group, in any state." }),
  ...PAGE_QUERY,
});

export const BookingListSchema = pageSchema(BookingSchema, "BookingList");

export type CreateBookingInput = z.infer<typeof CreateBookingSchema>;
export type ChangeBookingInput = z.infer<typeof ChangeBookingSchema>;
export type BookingView = z.infer<typeof BookingSchema>;
export type BookingChangePrevious = z.infer<typeof BookingChangePreviousSchema>;
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;
