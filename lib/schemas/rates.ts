import { z } from "zod";
import { CalendarDateSchema, idSchema, RoomTypeIdSchema } from "./common";

export const RatesQuerySchema = z.strictObject({
  from: CalendarDateSchema.meta({ description: "First night (may be in the past)." }),
  to: CalendarDateSchema.meta({ description: "Last night, included; at most 366 nights from `from`." }),
  roomTypeId: idSchema("rt", "rt_2b6n0t5f3k9q2m8x1c7v", { unknownAs: "unknown_room_type" }).optional().meta({ description: "Only this room type." }),
  ratePlanId: idSchema("rp", "rp_7k2m9q4x8c1v5b3n6t0d", { unknownAs: "unknown_rate_plan" })
    .optional()
    .meta({
      description:
        "Price the nights with this rate plan (only the room types it is sold for), and list only it in each night's `plans`; the nights' own rates (the Standard plan's) and every plan when left out.",
    }),
});

export const RatesSchema = z
  .object({
    from: CalendarDateSchema,
    to: CalendarDateSchema,
    currency: z.string().length(3),
    roomTypes: z.array(
      z.object({
        roomTypeId: RoomTypeIdSchema,
        nights: z.array(
          z.object({
            date: CalendarDateSchema,
            amount: z.number().int().nullable().meta({ description: "Minor units; null when the night has no price (not for sale)." }),
            availableRooms: z.number().int(),
            closed: z.boolean(),
            minStay: z.number().int().meta({ description: "Stays arriving on this date must be at least this many nights (1: no minimum)." }),
            maxStay: z.number().int().nullable().meta({ description: "Stays arriving on this date must be at most this many nights; null: no maximum but the API's 30." }),
            closedToArrival: z.boolean().meta({ description: "No check-in on this date." }),
            closedToDeparture: z.boolean().meta({ description: "No check-out on this date." }),
            plans: z
              .array(
                z.object({
                  ratePlanId: z.string().meta({ example: "rp_7k2m9q4x8c1v5b3n6t0d" }),
                  amount: z.number().int().meta({ description: "Minor units: the night under this plan for the room type's adultsIncluded adults (no children), as GET /availability prices its offers." }),
                }),
              )
              .meta({
                description:
                  "The night's price under every active rate plan sold for the room type (only `ratePlanId`'s when given), in the order GET /rate-plans lists them (the Standard plan first); empty when the night has no price.",
              }),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "Rates" });

export type RatesQuery = z.infer<typeof RatesQuerySchema>;
export type RatesView = z.infer<typeof RatesSchema>;
