import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { NOT_A_CURSOR } from "@/lib/errors";
import { BOOKING_REFERENCE_PATTERN, idPattern, isId, type IdPrefix } from "@/lib/ids";
import { freeTextProblem } from "@/lib/text/free-text";
// zod's own messages in the API's words, set once for every schema (they all import this module).
import "./zod-messages";

/**
 * Building blocks of the partner API's request and response schemas. These zod schemas are
 * the single source of truth: routes validate with them, the OpenAPI document and the typed
 * client are generated from them.
 */

export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date as YYYY-MM-DD.")
  .refine(isCalendarDate, "Must be a real calendar date.")
  .meta({ description: "A calendar date, YYYY-MM-DD, in the property's time zone.", example: "2026-12-04", format: "date" });

export const TimestampSchema = z.iso.datetime({ error: "Must be an instant in RFC 3339, in UTC, such as 2026-11-22T10:15:00.000Z." }).meta({ description: "An instant, RFC 3339 in UTC.", example: "2026-11-22T10:15:00.000Z" });

export const MoneySchema = z
  .object({
    amount: z.number().int().meta({ description: "In the currency's minor units (ISO 4217): 45000 EUR is 450.00 EUR." }),
    currency: z.string().length(3).meta({ description: "ISO 4217 code.", example: "EUR" }),
  })
  .meta({ id: "Money", description: "An amount of money, taxes and fees included." });

export const NightlyPriceSchema = z
  .object({ date: CalendarDateSchema, amount: z.number().int().meta({ description: "Minor units." }) })
  .meta({ id: "NightlyPrice" });

/**
 * Text a person typed (lib/text/free-text.ts): at most `max` characters, no control characters
 * (a multi-line text may hold line breaks and tabs) and no unpaired surrogates.
 */
export function freeText(options: { max: number; multiline?: boolean }) {
  return z
    .string()
    .max(options.max, `Must be at most ${options.max} characters.`)
    .superRefine((value, context) => {
      const problem = freeTextProblem(value, options);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });
}

/** A name: 1–100 characters after trimming, no control characters. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, "Must not be empty.")
  .pipe(freeText({ max: 100 }));

/** 1–N printable ASCII characters. */
export function printableAscii(max: number) {
  return z
    .string()
    .min(1, "Must not be empty.")
    .max(max, `Must be at most ${max} characters.`)
    .regex(/^[\x20-\x7e]+$/, "Must be printable ASCII characters.");
}

const ID_NAMES: Record<IdPrefix, string> = { prop: "property", rt: "room type", bk: "booking", key: "API key", staff: "staff", sess: "session", aud: "audit", evt: "event", whe: "webhook endpoint", whd: "webhook delivery", gml: "guest e-mail", bkh: "booking history entry", inv: "staff invitation", sml: "staff e-mail", pwr: "password reset", rp: "rate plan", grp: "booking group", rcv: "recovery code", pky: "passkey", psi: "pending sign-in" };

/** The problem a malformed id in a body or query is answered with: the one an unknown id gets. */
export type UnknownIdProblem = "unknown_room_type" | "unknown_rate_plan";

/**
 * An opaque id with a type prefix, checked by its form (prefix, alphabet, length) before any
 * query sees it. `unknownAs` names the problem a malformed value is answered with when it is
 * the only thing wrong with a request (lib/http/zod-errors.ts), as an unknown id would be.
 */
export function idSchema(prefix: IdPrefix, example: string, options: { unknownAs?: UnknownIdProblem } = {}) {
  const what = ID_NAMES[prefix];
  return z
    .string()
    .refine((value) => isId(prefix, value), {
      message: `Is not a ${what} id (${prefix}_ and 20 letters and digits).`,
      ...(options.unknownAs ? { params: { problem: options.unknownAs } } : {}),
    })
    .meta({ description: `An opaque identifier (prefix ${prefix}_).`, openapi: { type: "string", pattern: idPattern(prefix), examples: [example] } });
}

export const PropertyIdSchema = idSchema("prop", "prop_5f3k9q2m8x1c7v4b6n0t");
export const RoomTypeIdSchema = idSchema("rt", "rt_2b6n0t5f3k9q2m8x1c7v");
export const RatePlanIdSchema = idSchema("rp", "rp_7k2m9q4x8c1v5b3n6t0d");
export const BookingIdSchema = idSchema("bk", "bk_5f3k9q2m8x1c7v4b6n0t");
export const BookingGroupIdSchema = idSchema("grp", "grp_3q9m2k7x5c8v1b4n6t0d");
export const ApiKeyIdSchema = idSchema("key", "key_8d2m4q7x1c9v3b5n6t0k");

/** An opaque page cursor as the API hands it out: base64url, checked by its form before it is decoded. */
export const CursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, NOT_A_CURSOR);

/** A paged list's answer: a page of items and the cursor of the next page. */
export function pageSchema<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
    })
    .meta({ id });
}

/** A booking's short reference, as the API hands it out (HVH-4K7Q2M). */
export const BookingReferenceSchema = z
  .string()
  .regex(new RegExp(BOOKING_REFERENCE_PATTERN), "Must be a booking reference such as HVH-4K7Q2M.")
  .meta({ description: "Short reference for guests and staff.", example: "HVH-4K7Q2M" });

/** A whole number in a query string ("3"), with its range. */
export function queryInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,6}$/, "Must be a whole number.")
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`))
    .meta({ openapi: { type: "integer", minimum: min, maximum: max } });
}

/** The query parameters of a paged list: its page size and the cursor of the page before. */
export const PAGE_QUERY = {
  limit: queryInteger(1, 100).optional().meta({ description: "Page size, 1 to 100 (default 25)." }),
  cursor: CursorSchema.optional().meta({ description: "nextCursor of the previous page." }),
};

/** For endpoints that take no query parameters: any parameter is an error (usually a typo). */
export const NoQuerySchema = z.strictObject({});
