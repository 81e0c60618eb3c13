import { z } from "zod";
import { CalendarDateSchema, idSchema, TimestampSchema } from "./common";

export const MeSchema = z
  .object({
    property: z.object({
      id: idSchema("prop", "prop_5f3k9q2m8x1c7v4b6n0t"),
      name: z.string(),
      timezone: z.string().meta({ description: "IANA time zone of the property; every date of the API is a date there.", example: "Europe/Lisbon" }),
      currency: z.string().length(3),
      today: CalendarDateSchema.meta({ description: "Today's date at the property." }),
    }),
    apiKey: z.object({
      id: idSchema("key", "key_8d2m4q7x1c9v3b5n6t0k"),
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
