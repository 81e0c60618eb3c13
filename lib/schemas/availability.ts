import { z } from "zod";
import { CalendarDateSchema, MoneySchema, NightlyPriceSchema, queryInteger, RoomTypeIdSchema } from "./common";

export const AvailabilityQuerySchema = z.strictObject({
  checkin: CalendarDateSchema.meta({ description: "Arrival date: today at the property or later, at most 730 days ahead." }),
  checkout: CalendarDateSchema.meta({ description: "Departure date: after checkin, at most 30 nights later." }),
  adults: queryInteger(1, 20).meta({ description: "Number of adults, 1 to 20." }),
});

export const AvailabilitySchema = z
  .object({
    checkin: CalendarDateSchema,
    checkout: CalendarDateSchema,
    nights: z.number().int(),
    adults: z.number().int(),
    roomTypes: z
      .array(
        z.object({
          roomTypeId: RoomTypeIdSchema,
          name: z.string(),
          description: z.string(),
          maxAdults: z.number().int(),
          availableRooms: z.number().int().meta({ description: "Rooms of this type free on every night of the stay." }),
          price: MoneySchema.meta({ description: "Total for the stay." }),
          nightly: z.array(NightlyPriceSchema),
        }),
      )
      .meta({ description: "Room types that can take the stay, cheapest first; empty when none can." }),
  })
  .meta({ id: "Availability" });

export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;
export type AvailabilityView = z.infer<typeof AvailabilitySchema>;
