import { z } from "zod";
import { MoneySchema, RoomTypeIdSchema } from "./common";

export const RoomTypeSchema = z
  .object({
    id: RoomTypeIdSchema,
    name: z.string(),
    description: z.string(),
    maxAdults: z.number().int().meta({ description: "The most adults one room of this type takes." }),
    maxChildren: z.number().int().meta({ description: "The most children (guests under 18) one room of this type takes; 0: it takes no children." }),
    maxOccupancy: z
      .number()
      .int()
      .meta({ description: "The most guests, adults and children together, one room of this type takes (at least maxAdults). A party fits when adults ≤ maxAdults, children ≤ maxChildren and adults + children ≤ maxOccupancy." }),
    adultsIncluded: z.number().int().meta({ description: "How many adults a night's rate covers (1 to maxAdults); each adult above pays extraAdult a night. The prices of /rates are for this many adults and no children." }),
    extraAdult: MoneySchema.meta({ description: "What each adult above adultsIncluded adds to a night's rate, before the rate plan's rule. Children add their age band's amount (GET /me: property.childAgeBands)." }),
    basePrice: MoneySchema.meta({ description: "The usual price of a night; the price of each night is in /rates." }),
  })
  .meta({ id: "RoomType" });

export const RoomTypeListSchema = z.object({ data: z.array(RoomTypeSchema) }).meta({ id: "RoomTypeList" });

export type RoomTypeView = z.infer<typeof RoomTypeSchema>;
