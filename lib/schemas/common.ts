import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/calendar-date";

/**
 * Building blocks of the partner API's request and response schemas. These zod schemas are
 * the single source of truth: routes validate with them, the OpenAPI document and the typed
 * client are generated from them.
 */

export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date as YYYY-MM-DD.")
  .refine(isCalendarDate, "Must be a real calendar date.")
  .meta({ description: "A calendar date, YYYY-MM-DD, in the property's time zone.", example: "2026-12-04" });

export const TimestampSchema = z.iso.datetime().meta({ description: "An instant, RFC 3339 in UTC.", example: "2026-11-22T10:15:00.000Z" });

export const MoneySchema = z
  .object({
    amount: z.number().int().meta({ description: "In the currency's minor units (ISO 4217): 45000 EUR is 450.00 EUR." }),
    currency: z.string().length(3).meta({ description: "ISO 4217 code.", example: "EUR" }),
  })
  .meta({ id: "Money", description: "An amount of money, taxes and fees included." });

export const NightlyPriceSchema = z
  .object({ date: CalendarDateSchema, amount: z.number().int().meta({ description: "Minor units." }) })
  .meta({ id: "NightlyPrice" });

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A name: 1–100 characters after trimming, no control characters. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, "Must not be empty.")
  .max(100, "Must be at most 100 characters.")
  .refine((value) => !CONTROL_CHARACTERS.test(value), "Must not contain control characters.");

/** 1–N printable ASCII characters. */
export function printableAscii(max: number) {
  return z
    .string()
    .min(1, "Must not be empty.")
    .max(max, `Must be at most ${max} characters.`)
    .regex(/^[\x20-\x7e]+$/, "Must be printable ASCII characters.");
}

/** An opaque id with a type prefix. */
export function idSchema(prefix: string, example: string) {
  return z.string().min(1).max(64).meta({ description: `An opaque identifier (prefix ${prefix}_).`, example });
}

/** A whole number in a query string ("3"), with its range. */
export function queryInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,6}$/, "Must be a whole number.")
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`))
    .meta({ openapi: { type: "integer", minimum: min, maximum: max } });
}

/** For endpoints that take no query parameters: any parameter is an error (usually a typo). */
export const NoQuerySchema = z.strictObject({});
