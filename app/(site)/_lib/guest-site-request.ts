import type { NextRequest } from "next/server";
import { findEngineSite } from "@/lib/booking-engine/booking-engine";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { demoSiteKeyWorks } from "@/lib/guest-site/demo-site-key";
import { log } from "@/lib/log";
import { SITE_LANGUAGES } from "@/lib/i18n/guest-words";
import { chooseLanguage } from "@/lib/i18n/choose-language";
import { encodeSiteAddress, SITE_HEADER, type SiteRoute } from "@/lib/guest-site/site-address";
import { siteUnavailableResponse } from "@/lib/http/site-unavailable-response";
import { notFoundPage, pageSecurity, renderPage } from "@/app/_lib/page-security";

const DEMO_SITE = { allowedOrigins: [], defaultLanguage: "en" };

/**
 * A guest site's page, in the proxy: names the site to the page (SITE_HEADER: which hotel, which
 * layout, which language) and sets the page's security headers. A hotel whose engine is off (or
 * no such hotel) gets the not-found page. An embed may be framed by the hotel's allowed sites
 * only (and by this origin, for the panel's preview): none listed, and browsers refuse to show
 * it on any other site; a full page never. While the demo site's key does not work, its pages
 * are the friendly "unavailable" page (503), never a server error.
 */
export async function guestSiteRequest(request: NextRequest, route: SiteRoute): Promise<Response> {
  const site = route.slug ? await findEngineSite(getDb(), route.slug) : DEMO_SITE;
  if (!site) return notFoundPage(request);
  const url = request.nextUrl;
  const { lang, explicit } = chooseLanguage({ query: url.searchParams.get("lang"), acceptLanguage: request.headers.get("accept-language"), fallback: site.defaultLanguage, available: SITE_LANGUAGES });
  const headers = new Headers(request.headers);
  headers.set(SITE_HEADER, encodeSiteAddress({ slug: route.slug, view: route.view, lang, langExplicit: explicit }));
  const unavailable = !route.slug && !(await demoSiteKeyWorks(getDb(), getEnv().PARTNER_API_KEY, log));
  const frameAncestors = route.view === "embed" ? site.allowedOrigins : undefined;
  const response = unavailable ? pageSecurity(frameAncestors).response(siteUnavailableResponse(lang)) : renderPage(headers, frameAncestors);
  response.headers.set("Vary", "Accept-Language");
  return response;
}
