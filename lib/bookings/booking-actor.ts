import type { Actor } from "@/lib/audit/actor";
import type { BookingSource } from "@/lib/schemas/bookings";
import { deskLabel } from "./booking-channel";

/**
 * Who makes, changes or cancels a booking, as the booking and its history record it: an API key
 * (the guest site's own key when a guest acts there), a staff member, or a tool (the admin CLI,
 * the seed).
 */
export type BookingActor = Actor & { apiKeyId?: string };

export function apiKeyActor(key: { id: string; hint: string }): BookingActor {
  return { apiKeyId: key.id, label: `API key ${key.hint}` };
}

/** A staff member entering a booking at the desk (the panel's New booking). */
export function deskActor(staff: { staffUserId: string; name: string; email: string }): BookingActor {
  return { staffId: staff.staffUserId, label: deskLabel(staff) };
}

/** Where a booking made by `actor` comes from: an API key's are "api"; staff's and tools' (the seed, the CLI) "desk". */
export function bookingSource(actor: BookingActor): BookingSource {
  return actor.apiKeyId ? "api" : "desk";
}
