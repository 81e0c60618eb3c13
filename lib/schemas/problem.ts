import { z } from "zod";
import { CalendarDateSchema, MoneySchema, NightlyPriceSchema } from "./common";

export const FieldErrorSchema = z.object({
  field: z.string().meta({ description: "Where: a body path (guest.email) or a query parameter (checkin)." }),
  message: z.string(),
});

/** RFC 9457 problem details, with a stable machine-readable `code`. */
export const ProblemSchema = z
  .object({
    type: z.string().meta({ description: "A link to the error's entry in the error catalogue.", example: "/docs/errors#validation_failed" }),
    title: z.string().meta({ example: "Bad Request" }),
    status: z.number().int(),
    detail: z.string().meta({ description: "For people; may change. Match on `code`." }),
    code: z.string().meta({ description: "Stable and machine-readable.", example: "validation_failed" }),
    requestId: z.string().meta({ description: "Quote it when asking for help: every log line about the request carries it." }),
    errors: z.array(FieldErrorSchema).optional().meta({ description: "Present for field errors only." }),
    night: CalendarDateSchema.optional().meta({ description: "no_availability only: the first night the room type cannot take (sold out or closed)." }),
    price: MoneySchema.optional().meta({ description: "price_changed only: what the change costs now." }),
    nightly: z.array(NightlyPriceSchema).optional().meta({ description: "price_changed only: the change's price of each night." }),
  })
  .meta({ id: "Problem" });

export type Problem = z.infer<typeof ProblemSchema>;
