import { z } from "zod";
import { MoneySchema, RoomTypeIdSchema } from "./common";

export const RoomTypeSchema = z
  .object({
    id: RoomTypeIdSchema,
    name: z.string(),
    description: z.string(),
    maxAdults: z.number().int().meta({ description: "The most adults one room of this type takes." }),
    basePrice: MoneySchema.meta({ description: "The usual price of a night; the price of each night is in /rates." }),
  })
  .meta({ id: "RoomType" });

export const RoomTypeListSchema = z.object({ data: z.array(RoomTypeSchema) }).meta({ id: "RoomTypeList" });

export type RoomTypeView = z.infer<typeof RoomTypeSchema>;
