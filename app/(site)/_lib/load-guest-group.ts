import "server-only";
import { notFound } from "next/navigation";
import { isPartnerApiError } from "@/lib/partner-client/partner-api-error";
import { getSiteClient, groupIdOf } from "./guest-site";

/** A booking group as its guest pages show it: the group, and each room type's name by id. */
export type GuestGroup = NonNullable<Awaited<ReturnType<typeof loadGuestGroup>>>;

/** The booking group a manage token was signed for, with each room's room type name (by id); null when the token is not a group's (a booking's page). */
export async function loadGuestGroup(token: string) {
  const groupId = groupIdOf(token);
  if (!groupId) return null;
  const client = await getSiteClient();
  try {
    const [group, roomTypes] = await Promise.all([client.getBookingGroup(groupId), client.roomTypes().catch(() => [])]);
    return { group, roomNames: new Map(roomTypes.map((roomType) => [roomType.id, roomType.name])) };
  } catch (error) {
    if (isPartnerApiError(error, "not_found")) notFound();
    throw error;
  }
}
