"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { sectionOf } from "@/components/panel/panel-sections";
import { authorizeAction, cookieOptions, PROPERTY_COOKIE } from "../_lib/panel-session";

/**
 * Opens another of the staff member's properties in the panel, and returns to the section it
 * was used on (`returnTo`, the page's path): a page of one record goes to its section's list,
 * since the record belongs to the other property; anything else goes to the overview.
 */
export async function switchPropertyAction(form: FormData): Promise<void> {
  const propertyId = String(form.get("propertyId") ?? "");
  await authorizeAction(propertyId, "view");
  (await cookies()).set(PROPERTY_COOKIE, propertyId, cookieOptions());
  redirect(sectionOf(form.get("returnTo")));
}
