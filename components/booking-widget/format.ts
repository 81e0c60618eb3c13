import { formatMoney, type Money } from "@/lib/money/currency";
import { siteHref, type SiteRef } from "./site-href";

/** "Fri 4 Dec 2026" for 2026-12-04: a calendar date, shown as the same date everywhere. */
export function formatStayDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

export const nightsLabel = (nights: number) => `${nights} night${nights === 1 ? "" : "s"}`;

export const adultsLabel = (adults: number) => `${adults} adult${adults === 1 ? "" : "s"}`;

export { formatMoney, type Money };

/** The guest details page for a room type, a stay and (the offer chosen) a rate plan. */
export function bookHref(site: SiteRef, stay: { checkin: string; checkout: string; adults: number }, roomTypeId: string, ratePlanId?: string, page = "/book"): string {
  return siteHref(site, page, { roomTypeId, checkin: stay.checkin, checkout: stay.checkout, adults: String(stay.adults), ...(ratePlanId ? { ratePlanId } : {}) });
}

/** The results page for a stay. */
export function searchHref(site: SiteRef, stay: { checkin: string; checkout: string; adults: number | string }, page = "/search"): string {
  return siteHref(site, page, { checkin: stay.checkin, checkout: stay.checkout, adults: String(stay.adults) });
}
