import type { FieldError } from "@/lib/errors";
import { emailProblem } from "@/lib/staff/create-staff-user";
import { freeTextProblem } from "@/lib/text/free-text";

/**
 * What an admin sets on Settings › Property: what guests see of the hotel, on the guest site, in
 * its e-mails and in GET /me. The time zone and currency are not among them: they date and price
 * everything, and are fixed when the property is created.
 */
export type PropertySettings = {
  name: string;
  /** How guests reach the hotel; null when none is given. */
  contactEmail: string | null;
  contactPhone: string | null;
  /** Check-in from, check-out until: HH:MM on the hotel's clock. */
  checkInFrom: string;
  checkOutUntil: string;
};

export type PropertySettingsField = keyof PropertySettings;

export const PROPERTY_SETTINGS_FIELDS = ["name", "contactEmail", "contactPhone", "checkInFrom", "checkOutUntil"] as const satisfies readonly PropertySettingsField[];

/** A time of day on a 24-hour clock, 00:00 to 23:59 (the CHECK on the columns says the same). */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "9:30" → "09:30"; anything else as given (trimmed), for the rule to judge. */
export function normaliseTimeOfDay(value: string): string {
  const trimmed = value.trim();
  return /^\d:\d\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
}

/**
 * A phone number as hotels print it, in any country's style: digits, spaces, "-", "(" and ")",
 * and "+" only at the start; 5 to 15 digits (E.164 allows 15) in at most 30 characters.
 */
export function phoneProblem(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, "").length;
  if (phone.length > 30 || !/^\+?[\d ()-]+$/.test(phone) || digits < 5 || digits > 15) {
    return "phone must be 5 to 15 digits, with spaces, - and ( ) if you like, and + only at the start (e.g. +351 21 123 4567)";
  }
  return undefined;
}

/** The settings as they are stored: text trimmed, a blank contact as none (null), times as HH:MM. */
export function normalisePropertySettings(fields: Partial<PropertySettings>): Partial<PropertySettings> {
  const contact = (value: string | null) => (value === null || value.trim() === "" ? null : value.trim());
  return {
    ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
    ...(fields.contactEmail !== undefined ? { contactEmail: contact(fields.contactEmail) } : {}),
    ...(fields.contactPhone !== undefined ? { contactPhone: contact(fields.contactPhone) } : {}),
    ...(fields.checkInFrom !== undefined ? { checkInFrom: normaliseTimeOfDay(fields.checkInFrom) } : {}),
    ...(fields.checkOutUntil !== undefined ? { checkOutUntil: normaliseTimeOfDay(fields.checkOutUntil) } : {}),
  };
}

/** The problems of the (normalised) fields given, each named by its field; fields left out are not checked. */
export function propertySettingsProblems(fields: Partial<PropertySettings>): (FieldError & { field: PropertySettingsField })[] {
  const problems: (FieldError & { field: PropertySettingsField })[] = [];
  if (fields.name !== undefined) {
    if (fields.name.length < 1 || fields.name.length > 100) problems.push({ field: "name", message: "name must be 1 to 100 characters" });
    const nameProblem = freeTextProblem(fields.name);
    if (nameProblem) problems.push({ field: "name", message: `name: ${nameProblem}` });
  }
  if (fields.contactEmail) {
    const problem = emailProblem(fields.contactEmail);
    if (problem) problems.push({ field: "contactEmail", message: problem });
  }
  if (fields.contactPhone) {
    const problem = phoneProblem(fields.contactPhone);
    if (problem) problems.push({ field: "contactPhone", message: problem });
  }
  for (const field of ["checkInFrom", "checkOutUntil"] as const) {
    const value = fields[field];
    if (value !== undefined && !TIME_OF_DAY.test(value)) problems.push({ field, message: `${TIME_LABELS[field]} must be a time from 00:00 to 23:59, e.g. 15:00` });
  }
  return problems;
}

const TIME_LABELS = { checkInFrom: "check-in time", checkOutUntil: "check-out time" } as const;
