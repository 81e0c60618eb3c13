import type { Db } from "@/lib/db";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { ENGINE_KEY_LABEL } from "@/lib/booking-engine/booking-engine";
import { signManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { isSiteLanguage, primaryLanguage } from "@/lib/i18n/guest-words";

/**
 * The manage link in a guest's e-mail. A booking made through a hotel's booking engine (its key,
 * "Booking engine", now or before a rotation) is managed on that hotel's site while its engine is
 * on; a booking of the demo site's property (the property of PARTNER_API_KEY) on the demo site.
 * Other bookings' e-mails carry the reference and the hotel's name instead: their partner
 * manages them. The link keeps the guest's language (?lang=), when the site is written in it.
 * A booking group's e-mail (groupId) links the group's page, where every room is managed.
 */
export function guestSiteManageUrl(config: { db: Db; partnerApiKey?: string; publicBaseUrl: string; sessionSecret?: string }) {
  return async (propertyId: string, bookingId: string, groupId?: string): Promise<string | null> => {
    if (!config.sessionSecret) return null;
    const token = signManageBookingToken(groupId ?? bookingId, config.sessionSecret);
    const booking = await config.db.booking.findFirst({
      where: { id: bookingId, propertyId },
      select: { guestLanguage: true, apiKey: { select: { label: true } }, property: { select: { slug: true, bookingEngine: { select: { enabled: true } } } } },
    });
    if (!booking) return null;
    const lang = primaryLanguage(booking.guestLanguage);
    const link = (path: string) => new URL(`${path}${isSiteLanguage(lang) ? `?lang=${lang}` : ""}`, config.publicBaseUrl).href;
    if (booking.apiKey?.label === ENGINE_KEY_LABEL && booking.property.bookingEngine?.enabled) return link(`/hotels/${booking.property.slug}/manage/${token}`);
    if (!config.partnerApiKey) return null;
    const key = await findActiveApiKey(config.db, config.partnerApiKey);
    if (key?.propertyId !== propertyId) return null;
    return link(`/manage/${token}`);
  };
}
