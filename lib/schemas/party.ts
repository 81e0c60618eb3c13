import { z } from "zod";
import { MAX_CHILD_AGE, MAX_CHILDREN, MAX_GUESTS } from "@/lib/rate-plans/party-price";
import { MoneySchema } from "./common";

/** A child's age on arrival: 0 to 17 (a guest of 18 or more is an adult). */
const ChildAgeSchema = z
  .number()
  .int("Must be a whole number.")
  .min(0, "Must be at least 0.")
  .max(MAX_CHILD_AGE, `Must be at most ${MAX_CHILD_AGE}: a guest of 18 or more is an adult.`);

const CHILDREN_AGES_DESCRIPTION = `Each child's age on arrival (0 to ${MAX_CHILD_AGE}; 18 or more is an adult), at most ${MAX_CHILDREN} children; adults and children together at most ${MAX_GUESTS}. Prices add each child's age band (GET /me: property.childAgeBands).`;

/** The children of a request body: an array of ages (left out: none). */
export const ChildrenAgesSchema = z
  .array(ChildAgeSchema)
  .max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children.`)
  .meta({ description: CHILDREN_AGES_DESCRIPTION, example: [4, 9] });

/** The children of a query (GET /availability): ages separated by commas, as `4,9` (empty: none). */
export const ChildrenAgesQuerySchema = z
  .string()
  .regex(/^([0-9]{1,2}(,[0-9]{1,2})*)?$/, "Must be the children's ages separated by commas, such as 4,9.")
  .transform((text) => (text === "" ? [] : text.split(",").map(Number)))
  .pipe(z.array(ChildAgeSchema).max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children.`))
  .meta({ description: `${CHILDREN_AGES_DESCRIPTION} Separated by commas: 4,9.`, example: "4,9", openapi: { type: "string" } });

/** What the party adds to each night's rate (an amount a night, each): extra adults, children of an age band. */
export const ExtraSchema = z
  .object({
    kind: z.enum(["adult", "child"]).meta({ description: "`adult`: adults above those the room type's rate covers (adultsIncluded); `child`: children of one age band." }),
    band: z.string().optional().meta({ description: "Children only: the age band's name (GET /me: property.childAgeBands)." }),
    count: z.number().int().meta({ description: "How many." }),
    amount: MoneySchema.meta({ description: "A night, for each." }),
  })
  .meta({ id: "Extra" });

export const ExtrasSchema = z
  .array(ExtraSchema)
  .meta({
    description:
      "What each night's amount adds to the room type's rate for the party, before the rate plan's rule: adults above adultsIncluded, and each child's age band. Empty when the rate covers the whole party.",
  });

export const ChildAgeBandSchema = z
  .object({
    name: z.string().meta({ description: "The band's name, as a booking's extras name it.", example: "Child" }),
    fromAge: z.number().int().meta({ description: "The band's first age.", example: 3 }),
    toAge: z.number().int().meta({ description: "The band's last age (inclusive).", example: 11 }),
    amount: MoneySchema.meta({ description: "What a child of these ages adds to a night's rate." }),
  })
  .meta({ id: "ChildAgeBand" });
