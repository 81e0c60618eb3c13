import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { openBookingEngine } from "@/lib/booking-engine/booking-engine";
import { getDb } from "@/lib/db";
import { guestWords } from "@/lib/i18n/guest-words";
import { getEnv } from "@/lib/env";
import { decodeSiteAddress, siteBasePath, SITE_HEADER } from "@/lib/guest-site/site-address";
import { signManageBookingToken, verifyManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import { getPartnerClient, serverPartnerClient } from "@/lib/partner-client/server-partner-client";
import { secretBoxFromEnv } from "@/lib/secrets/secret-box";
import type { SiteRef } from "@/components/booking-widget/site-href";

/**
 * The guest site's glue to Next.js: which site this request is for (the demo hotel's, or a
 * hotel's booking engine, as proxy.ts named it), the API client it books with, the hotel, and
 * the manage-booking links.
 */

/** This request's site: whose, which layout and language, and how its links start (SiteRef). */
export const getSite = cache(async () => {
  const address = decodeSiteAddress((await headers()).get(SITE_HEADER));
  const ref: SiteRef = { basePath: siteBasePath(address), ...(address.langExplicit ? { lang: address.lang } : {}) };
  return { ...address, ref };
});

/** The words of this request's language (the catalogue, dates and prices). */
export const getWords = cache(async () => guestWords((await getSite()).lang));

/** The hotel's engine on a hotel's site (its settings and its key, opened from the sealed value each request: a rotated key is used at once); null on the demo hotel's. An engine turned off is not found. */
const getEngine = cache(async () => {
  const site = await getSite();
  if (!site.slug) return null;
  const opened = await openBookingEngine(getDb(), site.slug, secretBoxFromEnv(getEnv(), "booking-engine-keys"));
  if (!opened) notFound();
  return opened;
});

/** The API client of this request's site: the demo hotel's key from the environment, or the hotel's engine key. */
export const getSiteClient = cache(async () => {
  const opened = await getEngine();
  return opened ? serverPartnerClient(opened.apiKey) : getPartnerClient();
});

/** The engine's look (accent colour, welcome text) on a hotel's site; null on the demo hotel's. */
export async function getEngineLook(): Promise<{ accentColour: string; welcomeText: string } | null> {
  const opened = await getEngine();
  return opened && { accentColour: opened.engine.accentColour, welcomeText: opened.engine.welcomeText };
}

/** The hotel behind the site's key (GET /me), once per request; null while the API does not answer. */
export const getHotel = cache(async () => {
  await connection();
  try {
    return (await (await getSiteClient()).me()).property;
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return null;
    throw error;
  }
});

function secret(): string {
  const value = getEnv().SESSION_SECRET;
  if (!value) throw new Error("SESSION_SECRET is not set: it signs the guests' manage-booking links (npm run dev makes one).");
  return value;
}

/** The manage link's token of a booking (bk_) or of a booking group (grp_: every room). */
export const manageToken = (id: string) => signManageBookingToken(id, secret());
export const bookingIdOf = (token: string) => verifyManageBookingToken(token, secret());
export const groupIdOf = (token: string) => verifyManageBookingToken(token, secret(), "grp");
