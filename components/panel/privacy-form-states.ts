/** What the Settings › Privacy server actions answer with: plain data, so the forms work without JavaScript too. */

import type { CalendarDate } from "@/lib/dates/calendar-date";

/** The retention form as typed: keep guests' data for `months` after checkout ("on"), or until erased by hand ("off"). */
export type RetentionFormValues = { keep: "on" | "off"; months: string };

export type RetentionFormState = { values?: RetentionFormValues; fieldError?: string; error?: string; done?: string };

/** One record found for a guest's e-mail: a booking of theirs, or a booking group they booked (perhaps for others). */
export type GuestRecordRow = {
  reference: string;
  kind: "booking" | "group";
  /** "Double", or "Group of 3 rooms". */
  what: string;
  checkin: CalendarDate;
  checkout: CalendarDate;
  status: "confirmed" | "cancelled" | "partly_cancelled";
};

/**
 * The guest data finder (admins): the e-mail looked for and what the property holds with it; after
 * "Erase", the confirmation asked (`confirming`); after "Yes, erase", what was erased and what was
 * refused (stays not ended), and what is left.
 */
export type GuestDataState = {
  email?: string;
  records?: GuestRecordRow[];
  confirming?: boolean;
  error?: string;
  done?: string;
  refused?: string;
};

/** A viewer's answer when a privacy form is sent anyway (the page shows viewers none of them). */
export const PRIVACY_ADMINS_ONLY = "You have view access to this property: only its admins can find, export or erase a guest's data, or change the retention period.";

/** The records' count in words: "1 booking", "2 bookings and 1 booking group". */
export function countRecords(records: GuestRecordRow[]): string {
  const bookings = records.filter((record) => record.kind === "booking").length;
  const groups = records.length - bookings;
  const words = [
    ...(bookings ? [`${bookings} booking${bookings === 1 ? "" : "s"}`] : []),
    ...(groups ? [`${groups} booking group${groups === 1 ? "" : "s"}`] : []),
  ];
  return words.join(" and ") || "nothing";
}
