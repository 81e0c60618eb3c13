import { z } from "zod";
import { ApiKeyIdSchema, CalendarDateSchema, PropertyIdSchema, TimestampSchema } from "./common";
import { ChildAgeBandSchema } from "./party";

/** A time of day on a 24-hour clock, 00:00 to 23:59. */
const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const MeSchema = z
  .object({
    mode: z.enum(["live", "test"]).meta({ description: "live, or test for a test key: the key works on the property's test twin (its own rooms, bookings, events and e-mails; nothing real)." }),
    property: z.object({
      id: PropertyIdSchema,
      name: z.string(),
      timezone: z.string().meta({ description: "IANA time zone of the property; every date of the API is a date there.", example: "Europe/Lisbon" }),
      currency: z.string().length(3),
      today: CalendarDateSchema.meta({ description: "Today's date at the property; with a test key, the test twin's today, which PUT /test-clock moves." }),
      guestEmails: z.boolean().meta({ description: "Whether the hotel e-mails its guests a confirmation, each change of their booking and a cancellation (a setting of the hotel's)." }),
      contact: z
        .object({
          email: z.string().nullable().meta({ description: "The hotel's e-mail address for guests; null when the hotel gives none.", example: "frontdesk@harbour-view.example" }),
          phone: z.string().nullable().meta({ description: "The hotel's phone number for guests, as the hotel writes it; null when the hotel gives none.", example: "+351 21 123 4567" }),
        })
        .meta({ description: "How guests reach the hotel, as it shows them on its site and in its e-mails (a setting of the hotel's)." }),
      checkInFrom: TimeOfDaySchema.meta({ description: "Guests check in from this time: HH:MM, 24-hour, on the property's clock (its time zone).", example: "15:00" }),
      checkOutUntil: TimeOfDaySchema.meta({ description: "Guests check out until this time: HH:MM, 24-hour, on the property's clock (its time zone).", example: "11:00" }),
      childAgeBands: z
        .array(ChildAgeBandSchema)
        .meta({
          description:
            "The hotel's children's age bands, in age order: 1 to 3 bands covering ages 0 to 17 (inclusive) without gap or overlap; a guest of 18 or more is an adult. Each child of a party adds its band's amount to every night's rate, before the rate plan's rule (GET /availability and POST /bookings: childrenAges; a booking's extras name the band). A hotel that set none has one band, Child, 0 to 17, at 0.",
        }),
    }),
    apiKey: z.object({
      id: ApiKeyIdSchema,
      hint: z.string().meta({ example: "rbp_AbCd…wXyZ", description: "The key's first and last characters: rbp_… for a live key, rbp_test_… for a test key." }),
      scope: z.enum(["read", "write"]).meta({ description: "What the key can do now: a write key on a Free property reads only." }),
      createdAt: TimestampSchema,
    }),
    plan: z.object({
      name: z.enum(["free", "starter", "pro"]),
      rateLimit: z.object({ limit: z.number().int(), windowSeconds: z.number().int() }),
    }),
  })
  .meta({ id: "Me" });

export type Me = z.infer<typeof MeSchema>;
