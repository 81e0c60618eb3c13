import { z } from "zod";
import { CalendarDateSchema } from "./common";

export const TestClockInputSchema = z
  .strictObject({
    today: CalendarDateSchema.meta({ description: "The test twin's today: from the real today at the property to 730 days after it.", example: "2026-12-20" }),
  })
  .meta({ id: "TestClockInput" });

export const TestClockSchema = z
  .object({
    today: CalendarDateSchema.meta({ description: "The test twin's today at the property: what every rule reads as today (availability, changes, cancellation fees)." }),
    realToday: CalendarDateSchema.meta({ description: "The real date at the property." }),
    moved: z.boolean().meta({ description: "Whether today was moved (false: it is the real date)." }),
  })
  .meta({ id: "TestClock" });

export type TestClockView = z.infer<typeof TestClockSchema>;
