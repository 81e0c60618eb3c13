"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { authorizeAction, cookieOptions, PROPERTY_COOKIE } from "../_lib/panel-session";

/** Opens another of the staff member's properties in the panel. */
export async function switchPropertyAction(form: FormData): Promise<void> {
  const propertyId = String(form.get("propertyId") ?? "");
  await authorizeAction(propertyId, "view");
  (await cookies()).set(PROPERTY_COOKIE, propertyId, cookieOptions());
  redirect(String(form.get("returnTo") ?? "").startsWith("/bookings") ? "/bookings" : "/settings/api-keys");
}
