"use server";

import { notFound } from "next/navigation";
import { PRIVACY_ADMINS_ONLY, type GuestDataState, type GuestRecordRow, type RetentionFormState } from "@/components/panel/privacy-form-states";
import { getDb, type Db } from "@/lib/db";
import { formatDate } from "@/lib/dates/format-calendar-date";
import { describeErasure, eraseGuest } from "@/lib/privacy/erase-guest";
import { findGuestBookings, findGuestGroups, isGuestEmail } from "@/lib/privacy/guest-bookings";
import { guestRetentionProblem, setGuestRetention } from "@/lib/privacy/set-guest-retention";
import { PROPERTY_CLOCK } from "@/lib/properties/property-today";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { staffActor } from "@/lib/staff/staff-actor";
import { asSentence } from "@/lib/text/as-sentence";
import { authorizeAction } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";

/**
 * Save the retention period (admins; a live property's, which its test twin follows): the same
 * setGuestRetention as everywhere, its problem beside the months. A viewer's form is refused.
 */
export async function setRetentionAction(_previous: RetentionFormState, form: FormData): Promise<RetentionFormState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage", "live");
  const values = { keep: form.get("keep") === "off" ? ("off" as const) : ("on" as const), months: String(form.get("months") ?? "").trim() };
  if (error) return { values, error: PRIVACY_ADMINS_ONLY };
  const months = values.keep === "off" ? null : /^\d+$/.test(values.months) ? Number(values.months) : Number.NaN;
  const problem = guestRetentionProblem(months);
  if (problem) return { values, fieldError: asSentence(problem) };
  return runPanelAction<RetentionFormState>("/settings/privacy", async () => {
    const saved = await setGuestRetention(getDb(), { propertyId: propertyId.data, months, actor: staffActor(staff) });
    const said = saved.months === null ? "off: guests' data is kept until erased by hand" : `guests are anonymised ${saved.months} months after their checkout`;
    return { values, done: saved.changed ? `Saved: ${said}.` : `Nothing to save: ${said} already.` };
  });
}

/** What the property holds with this e-mail, as the finder lists it: the guest's bookings (with their room type), then the groups they booked. */
async function guestRecords(db: Db, propertyId: string, email: string): Promise<GuestRecordRow[]> {
  const [bookings, groups] = await Promise.all([findGuestBookings(db, propertyId, email), findGuestGroups(db, propertyId, email)]);
  const roomTypes = await db.roomType.findMany({ where: { id: { in: [...new Set(bookings.map((booking) => booking.roomTypeId))] } }, select: { id: true, name: true } });
  const names = new Map(roomTypes.map((roomType) => [roomType.id, roomType.name]));
  return [
    ...bookings.map((booking): GuestRecordRow => ({
      reference: booking.reference,
      kind: "booking",
      what: names.get(booking.roomTypeId) ?? "Room",
      checkin: booking.stay.checkin,
      checkout: booking.stay.checkout,
      status: booking.status,
    })),
    ...groups.map((group): GuestRecordRow => ({
      reference: group.reference,
      kind: "group",
      what: `Group of ${group.roomReferences.length} rooms (booked by the guest)`,
      checkin: group.stay.checkin,
      checkout: group.stay.checkout,
      status: group.status,
    })),
  ];
}

/**
 * The guest data finder (admins only: a viewer's form is refused): `step` find lists what the
 * property open in the panel (live or test) holds with the e-mail; confirm asks before erasing;
 * erase erases (eraseGuest, audited as the panel's) and says what it erased and refused, and lists
 * what is left.
 */
export async function guestDataAction(_previous: GuestDataState, form: FormData): Promise<GuestDataState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage", "either");
  if (error) return { error: PRIVACY_ADMINS_ONLY };
  const email = String(form.get("email") ?? "").trim();
  if (!isGuestEmail(email)) return { email, error: "Enter the guest's e-mail address, e.g. ana@example.com." };
  const step = form.get("step");
  return runPanelAction<GuestDataState>("/settings/privacy", async () => {
    const db = getDb();
    if (step !== "erase") {
      const records = await guestRecords(db, propertyId.data, email);
      return { email, records, confirming: step === "confirm" && records.length > 0 };
    }
    const property = await db.property.findUniqueOrThrow({ where: { id: propertyId.data }, select: { id: true, ...PROPERTY_CLOCK } });
    const erasure = await eraseGuest(db, { property, email, actor: staffActor(staff), way: "panel" });
    const { done, refused } = describeErasure(erasure, formatDate);
    return { email, records: await guestRecords(db, propertyId.data, email), done, refused };
  });
}
