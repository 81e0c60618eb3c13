import type { Db } from "@/lib/db";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { signManageBookingToken } from "@/lib/guest-site/manage-booking-token";

/**
 * The manage link in a guest's e-mail: only bookings of the guest site's own property (the
 * property of PARTNER_API_KEY) can be managed there; other properties' e-mails carry the
 * reference and the hotel's name instead.
 */
export function guestSiteManageUrl(config: { db: Db; partnerApiKey?: string; publicBaseUrl: string; sessionSecret?: string }) {
  return async (propertyId: string, bookingId: string): Promise<string | null> => {
    if (!config.partnerApiKey || !config.sessionSecret) return null;
    const key = await findActiveApiKey(config.db, config.partnerApiKey);
    if (key?.propertyId !== propertyId) return null;
    return new URL(`/manage/${signManageBookingToken(bookingId, config.sessionSecret)}`, config.publicBaseUrl).href;
  };
}
