import type { BookingSource } from "@/lib/schemas/bookings";
import { staffDisplayName } from "@/lib/staff/staff-name";

/** A desk booking whose staff member is not known (made before desk bookings named them, or by a tool). */
export const DESK = "Desk";
/** An API booking whose key has since been deleted. */
export const API_KEY_GONE = "API (key deleted)";

type StaffName = { name: string; email: string };

/** A desk booking as staff see it: "Desk · Maria Silva" (their e-mail when they have no name), "Desk" when nobody is known. */
export function deskLabel(staff: StaffName | null | undefined): string {
  return staff ? `${DESK} · ${staffDisplayName(staff)}` : DESK;
}

/**
 * Who made a booking, in words for staff: at the desk, "Desk · Maria Silva"; through the API, the
 * key as the caller names it (`apiKeyName`: its label, say), API_KEY_GONE when the key is deleted.
 */
export function madeByLabel(booking: { source: BookingSource | string; apiKeyName: string | null; staffUser: StaffName | null }): string {
  if (booking.source === "desk") return deskLabel(booking.staffUser);
  return booking.apiKeyName ?? API_KEY_GONE;
}
