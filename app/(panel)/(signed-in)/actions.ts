"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { sectionOf } from "@/components/panel/panel-sections";
import { getDb } from "@/lib/db";
import { setSessionTestMode } from "@/lib/staff/staff-sessions";
import { staffActor } from "@/lib/staff/staff-actor";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { setTestClock } from "@/lib/test-mode/test-clock";
import { openTestTwin, resetTestData } from "@/lib/test-mode/test-twin";
import { authorizeAction, cookieOptions, PROPERTY_COOKIE, requireStaff } from "../_lib/panel-session";

/**
 * Opens another of the staff member's properties in the panel, and returns to the section it
 * was used on (`returnTo`, the page's path): a page of one record goes to its section's list,
 * since the record belongs to the other property; anything else goes to the overview.
 */
export async function switchPropertyAction(form: FormData): Promise<void> {
  const propertyId = String(form.get("propertyId") ?? "");
  const { staff } = await authorizeAction(propertyId, "view");
  // In test mode, the property opens in test mode too: its twin made now, the first time (a page never makes it).
  if (staff.testMode) await openTestTwin(getDb(), propertyId);
  (await cookies()).set(PROPERTY_COOKIE, propertyId, cookieOptions());
  redirect(sectionOf(form.get("returnTo")));
}

/**
 * The Live / Test switch: remembered on the session; back to the section it was used on (a record
 * of one mode is not the other's). Turning test mode on makes the open property's test twin, with
 * a copy of its live inventory, the first time: here, on this explicit action, never on a page.
 */
export async function switchModeAction(form: FormData): Promise<void> {
  const test = form.get("mode") === "test";
  const livePropertyId = String(form.get("propertyId") ?? "");
  const { staff } = test ? await authorizeAction(livePropertyId, "view") : { staff: await requireStaff() };
  if (test) await openTestTwin(getDb(), livePropertyId);
  await setSessionTestMode(getDb(), staff.sessionId, test);
  // The header and banner are the layout's: rendered again (a navigation alone keeps a layout).
  revalidatePath("/", "layout");
  redirect(sectionOf(form.get("returnTo")));
}

/** The test clock (admins, test mode): today moved to the date given, or back to the real date ("real"). A date out of range changes nothing. */
export async function setTestClockAction(form: FormData): Promise<void> {
  const livePropertyId = String(form.get("propertyId") ?? "");
  const { error } = await authorizeAction(livePropertyId, "manage");
  const today = form.get("real") === "yes" ? null : String(form.get("today") ?? "");
  if (!error && (today === null || isCalendarDate(today))) {
    const twin = await openTestTwin(getDb(), livePropertyId);
    await setTestClock(getDb(), twin, today).catch((failure: unknown) => {
      if (!isDomainError(failure)) throw failure;
    });
  }
  revalidatePath("/", "layout");
  redirect(sectionOf(form.get("returnTo")));
}

/** Reset test data (admins, after ticking the confirmation): the twin's bookings, events and e-mails deleted, live inventory copied again. */
export async function resetTestDataAction(form: FormData): Promise<void> {
  const livePropertyId = String(form.get("propertyId") ?? "");
  const { staff, error } = await authorizeAction(livePropertyId, "manage");
  // The form requires the confirmation (and shows the button to admins only): a request without either changes nothing.
  if (!error && form.get("confirm") === "yes") await resetTestData(getDb(), { livePropertyId, actor: staffActor(staff) });
  redirect(sectionOf(form.get("returnTo")));
}
