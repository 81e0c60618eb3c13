import { z } from "zod";
import { CalendarDateSchema, idSchema, RoomTypeIdSchema } from "./common";

export const RatesQuerySchema = z.strictObject({
  from: CalendarDateSchema.meta({ description: "First night (may be in the past)." }),
  to: CalendarDateSchema.meta({ description: "Last night, included; at most 366 nights from `from`." }),
  roomTypeId: idSchema("rt", "rt_2b6n0t5f3k9q2m8x1c7v", { unknownAs: "unknown_room_type" }).optional().meta({ description: "Only this room type." }),
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
          }),
        ),
      }),
    ),
  })
  .meta({ id: "Rates" });

export type RatesQuery = z.infer<typeof RatesQuerySchema>;
export type RatesView = z.infer<typeof RatesSchema>;
