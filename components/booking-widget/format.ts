import { partyParams } from "@/lib/guest-site/party-query";
import { formatMoney, type Money } from "@/lib/money/currency";
import { siteHref, type SiteRef } from "./site-href";

export { formatMoney, type Money };

/** A stay in a link: its dates and who stays (the children with their ages, when any come). */
type StayInLink = { checkin: string; checkout: string; adults: number | string; childrenAges?: readonly (number | string)[] };

const stayParams = (stay: StayInLink) => ({ checkin: stay.checkin, checkout: stay.checkout, ...partyParams({ adults: stay.adults, childrenAges: stay.childrenAges ?? [] }) });

/** The guest details page for a room type, a stay and (the offer chosen) a rate plan. */
export function bookHref(site: SiteRef, stay: StayInLink, roomTypeId: string, ratePlanId?: string, page = "/book"): string {
  return siteHref(site, page, { roomTypeId, ...stayParams(stay), ...(ratePlanId ? { ratePlanId } : {}) });
}

/** The results page for a stay. */
export function searchHref(site: SiteRef, stay: StayInLink, page = "/search"): string {
  return siteHref(site, page, stayParams(stay));
}
