import type { NextRequest } from "next/server";
import { matchSection, REQUESTED_PATH_HEADER } from "@/components/panel/panel-sections";
import { SITE_HEADER, siteRouteOf } from "@/lib/guest-site/site-address";
import { guestSiteRequest } from "@/app/(site)/_lib/guest-site-request";
import { notFoundPage, renderPage } from "@/app/_lib/page-security";
import { isMalformedPath } from "@/lib/http/malformed-path";
import { unknownPartnerPath } from "@/lib/http/unknown-partner-path";

/**
 * Runs before routing, for every page (config.matcher below). Four jobs. Every page's answer gets
 * its security headers, with a nonce of its own for its scripts (app/_lib/page-security.ts). A
 * guest site's page (the demo hotel's, or a hotel's booking engine under /hotels/{slug}) is named
 * to the page, with its language and who may frame it (guest-site-request.ts). A path whose
 * percent-encoding does not decode, which Next.js's router would answer with a bare text 500:
 * under /partner/v1 it is answered as the pipeline answers any unknown path (404 problem+json
 * with X-Request-Id, after the key check); elsewhere with the not-found page. And a panel page's
 * request carries the path it asked for to the server (REQUESTED_PATH_HEADER), so a signed-out
 * visit can return there after sign-in.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  if (isMalformedPath(pathname)) {
    if (pathname.startsWith("/partner/v1/")) return unknownPartnerPath(request);
    return notFoundPage(request);
  }
  const site = siteRouteOf(pathname);
  if (site) return guestSiteRequest(request, site);
  // Under /hotels, only a hotel's pages exist (a slug is lower case): nothing else may render them unnamed.
  if (pathname.startsWith("/hotels/")) return notFoundPage(request);
  const headers = new Headers(request.headers);
  headers.delete(SITE_HEADER);
  headers.delete(REQUESTED_PATH_HEADER);
  if (matchSection(pathname)) headers.set(REQUESTED_PATH_HEADER, `${pathname}${search}`);
  return renderPage(headers);
}

export const config = {
  matcher: [
    // A path with a percent sign may be malformed, the partner API's too.
    "/((?!_next/static|_next/image).*%.*)",
    // Every page, so that each has its policy and nonce, a new page too. Left out: what is no
    // page (the partner API above all, which must not pay for the proxy, Next.js's files, the
    // health and metrics routes, the benchmark's, the widget's script, the icon) and /docs,
    // the API reference, whose HTML is not Next.js's: its own inline script starts Scalar
    // (docs/production.md).
    "/((?!partner/v1/|_next/static/|_next/image|api/|bench/|widget\\.js$|icon\\.svg$|favicon\\.ico$|docs$|docs/reference\\.js$).*)",
  ],
};
