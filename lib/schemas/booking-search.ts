import { z } from "zod";
import { freeText } from "./common";

/** The longest search the bookings list takes: the longest e-mail (254) fits, with a name. */
export const BOOKING_SEARCH_MAX_LENGTH = 300;

/**
 * The panel's bookings search box (`q`): text a person typed, parsed into its words (split at
 * white space, empty words dropped). No words means no search. Tabs and line breaks (a pasted
 * cell) separate words; other control characters are refused.
 */
export const BookingSearchSchema = z
  .string()
  .trim()
  .pipe(freeText({ max: BOOKING_SEARCH_MAX_LENGTH, multiline: true }))
  .transform((value) => value.split(/\s+/).filter((word) => word !== ""));
