import { formatMoney, type Money } from "@/lib/money/currency";
import { siteHref, type SiteRef } from "./site-href";

export { formatMoney, type Money };

/** The guest details page for a room type, a stay and (the offer chosen) a rate plan. */
export function bookHref(site: SiteRef, stay: { checkin: string; checkout: string; adults: number }, roomTypeId: string, ratePlanId?: string, page = "/book"): string {
  return siteHref(site, page, { roomTypeId, checkin: stay.checkin, checkout: stay.checkout, adults: String(stay.adults), ...(ratePlanId ? { ratePlanId } : {}) });
}

/** The results page for a stay. */
export function searchHref(site: SiteRef, stay: { checkin: string; checkout: string; adults: number | string }, page = "/search"): string {
  return siteHref(site, page, { checkin: stay.checkin, checkout: stay.checkout, adults: String(stay.adults) });
}
