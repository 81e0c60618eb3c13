import type { Actor } from "@/lib/audit/actor";

/**
 * Who changes or cancels a booking, as its history records it: an API key (the guest site's
 * own key when a guest acts there), a staff member, or a tool (the admin CLI, the seed).
 */
export type BookingActor = Actor & { apiKeyId?: string };

export function apiKeyActor(key: { id: string; hint: string }): BookingActor {
  return { apiKeyId: key.id, label: `API key ${key.hint}` };
}
