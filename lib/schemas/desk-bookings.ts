import { z } from "zod";
import { freeText } from "./common";

/**
 * What a booking made at the desk (the panel's New booking) has beside the API's booking: the
 * guest's phone number and a note for the staff, both optional, both kept for the panel only
 * (the partner API never shows them). The database CHECKs the same lengths.
 */
export const GUEST_PHONE_MAX = 40;
export const STAFF_NOTE_MAX = 1000;

const PHONE_MESSAGE = "Enter a phone number of digits, spaces and + ( ) - . /, e.g. +351 912 345 678.";

/** Empty (after trimming) is "none": null. */
const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? null : value))
    .pipe(schema.nullable());

export const GuestPhoneSchema = optional(
  z
    .string()
    .max(GUEST_PHONE_MAX, `Must be at most ${GUEST_PHONE_MAX} characters.`)
    .regex(/^\+?[0-9 ()./-]+$/, PHONE_MESSAGE)
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 3, PHONE_MESSAGE),
);

/** A note typed in a textarea: its line breaks as the browser sends them (CR LF) stored as LF. */
export const StaffNoteSchema = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, "\n"))
  .pipe(optional(freeText({ max: STAFF_NOTE_MAX, multiline: true })));
