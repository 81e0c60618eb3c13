import { z } from "zod";
import { CalendarDateSchema, idSchema, MoneySchema, NightlyPriceSchema, queryInteger, RoomTypeIdSchema } from "./common";
import { ChildrenAgesQuerySchema, ExtrasSchema } from "./party";
import { OfferSchema } from "./rate-plans";

export const AvailabilityQuerySchema = z.strictObject({
  checkin: CalendarDateSchema.meta({ description: "Arrival date: today at the property or later, at most 730 days ahead." }),
  checkout: CalendarDateSchema.meta({ description: "Departure date: after checkin, at most 30 nights later." }),
  adults: queryInteger(1, 20).meta({ description: "Number of adults, 1 to 20." }),
  childrenAges: ChildrenAgesQuerySchema.optional(),
  ratePlanId: idSchema("rp", "rp_7k2m9q4x8c1v5b3n6t0d", { unknownAs: "unknown_rate_plan" })
    .optional()
    .meta({ description: "Only this rate plan's offers (and only room types it is sold for)." }),
});

export const AvailabilitySchema = z
  .object({
    checkin: CalendarDateSchema,
    checkout: CalendarDateSchema,
    nights: z.number().int(),
    adults: z.number().int(),
    childrenAges: z.array(z.number().int()).meta({ description: "The children's ages searched for ([] without children)." }),
    roomTypes: z
      .array(
        z.object({
          roomTypeId: RoomTypeIdSchema,
          name: z.string(),
          description: z.string(),
          maxAdults: z.number().int(),
          maxChildren: z.number().int().meta({ description: "Children it takes." }),
          maxOccupancy: z.number().int().meta({ description: "Adults and children together it takes." }),
          availableRooms: z.number().int().meta({ description: "Rooms of this type free on every night of the stay." }),
          price: MoneySchema.meta({ description: "Total for the stay under the Standard plan (what v1 clients book when they send no ratePlanId)." }),
          nightly: z.array(NightlyPriceSchema).meta({ description: "Each night's rate with the party's extras." }),
          extras: ExtrasSchema,
          offers: z.array(OfferSchema).meta({ description: "Each rate plan sold for this room type: its price and cancellation terms, cheapest first." }),
        }),
      )
      .meta({
        description:
          "Room types that can take the stay (capacity for the party: adults, children and both together; a room free and open every night, and the stay restrictions met: minimum and maximum stay of the arrival night, no arrival or departure closed), cheapest first; empty when none can.",
      }),
  })
  .meta({ id: "Availability" });

export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;
export type AvailabilityView = z.infer<typeof AvailabilitySchema>;
