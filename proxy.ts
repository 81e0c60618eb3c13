import { NextResponse, type NextRequest } from "next/server";
import { matchSection, REQUESTED_PATH_HEADER } from "@/components/panel/panel-sections";
import { SITE_HEADER, siteRouteOf } from "@/lib/guest-site/site-address";
import { guestSiteRequest } from "@/app/(site)/_lib/guest-site-request";
import { isMalformedPath } from "@/lib/http/malformed-path";
import { unknownPartnerPath } from "@/lib/http/unknown-partner-path";

/**
 * Runs before routing. Three jobs. A guest site's page (the demo hotel's, or a hotel's booking
 * engine under /hotels/{slug}) is named to the page, with its language and security headers
 * (guest-site-request.ts). A path whose percent-encoding does not decode, which Next.js's
 * router would answer with a bare text 500: under /partner/v1 it is answered as the pipeline
 * answers any unknown path (404 problem+json with X-Request-Id, after the key check);
 * elsewhere with the not-found page. And a panel page's request carries the path it asked for
 * to the server (REQUESTED_PATH_HEADER), so a signed-out visit can return there after sign-in.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const url = new URL(request.url);
  if (isMalformedPath(url.pathname)) {
    if (url.pathname.startsWith("/partner/v1/")) return unknownPartnerPath(request);
    return NextResponse.rewrite(new URL("/not-found", request.url), { status: 404 });
  }
  const site = siteRouteOf(url.pathname);
  if (site) return guestSiteRequest(request, site);
  // Under /hotels, only a hotel's pages exist (a slug is lower case): nothing else may render them unnamed.
  if (url.pathname.startsWith("/hotels/")) return NextResponse.rewrite(new URL("/not-found", request.url), { status: 404 });
  const headers = new Headers(request.headers);
  headers.delete(SITE_HEADER);
  headers.delete(REQUESTED_PATH_HEADER);
  if (matchSection(url.pathname)) headers.set(REQUESTED_PATH_HEADER, `${url.pathname}${url.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Only paths with a percent sign can be malformed, the panel's pages want their path, and the
  // guest sites' pages their site: everything else (the partner API above all) skips the proxy.
  matcher: [
    "/((?!_next/static|_next/image).*%.*)",
    "/overview",
    "/rooms",
    "/rates",
    "/rate-plans",
    "/bookings",
    "/bookings/:path*",
    "/settings/:path*",
    "/account",
    "/account/:path*",
    // The guest sites (the demo hotel's pages, and the hotels' booking engines).
    "/",
    "/search",
    "/book",
    "/find",
    "/accessibility",
    "/confirmation/:path*",
    "/manage/:path*",
    "/hotels/:path*",
  ],
};
