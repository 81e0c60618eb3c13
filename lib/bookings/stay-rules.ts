import { addDays, daysBetween, type CalendarDate } from "@/lib/dates/calendar-date";
import type { FieldError } from "@/lib/errors";

export const MAX_NIGHTS = 30;
export const MAX_DAYS_AHEAD = 730;

/**
 * The rules of a stay that depend on today at the property (the shape of each date is the
 * schema's job): check-in today or later and at most 730 days ahead, check-out after
 * check-in, at most 30 nights.
 */
export function stayRuleErrors(stay: { checkin: CalendarDate; checkout: CalendarDate }, today: CalendarDate): FieldError[] {
  const errors: FieldError[] = [];
  if (stay.checkin < today) errors.push({ field: "checkin", message: `Must be today at the property (${today}) or later.` });
  else if (daysBetween(today, stay.checkin) > MAX_DAYS_AHEAD) {
    errors.push({ field: "checkin", message: `Must be at most ${MAX_DAYS_AHEAD} days ahead (${addDays(today, MAX_DAYS_AHEAD)}).` });
  }
  const nights = daysBetween(stay.checkin, stay.checkout);
  if (nights < 1) errors.push({ field: "checkout", message: "Must be after checkin." });
  else if (nights > MAX_NIGHTS) errors.push({ field: "checkout", message: `A stay is at most ${MAX_NIGHTS} nights.` });
  return errors;
}
