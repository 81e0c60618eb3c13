import { z } from "zod";
import { ApiKeyIdSchema, CalendarDateSchema, PropertyIdSchema, TimestampSchema } from "./common";

export const MeSchema = z
  .object({
    property: z.object({
      id: PropertyIdSchema,
      name: z.string(),
      timezone: z.string().meta({ description: "IANA time zone of the property; every date of the API is a date there.", example: "Europe/Lisbon" }),
      currency: z.string().length(3),
      today: CalendarDateSchema.meta({ description: "Today's date at the property." }),
      guestEmails: z.boolean().meta({ description: "Whether the hotel e-mails its guests a confirmation, each change of their booking and a cancellation (a setting of the hotel's)." }),
    }),
    apiKey: z.object({
      id: ApiKeyIdSchema,
      hint: z.string().meta({ example: "rbp_AbCd…wXyZ" }),
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
