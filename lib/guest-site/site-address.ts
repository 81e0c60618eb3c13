/**
 * Which guest site a request is for, from its public path: the demo hotel's at `/` (booking with
 * PARTNER_API_KEY), or a property's booking engine at `/hotels/{slug}` (full page) and
 * `/hotels/{slug}/embed` (the compact layout inside the widget's iframe). All three serve the
 * same pages (app/hotels re-exports app/(site)'s); the proxy names the site to them in
 * SITE_HEADER. (Not a rewrite: Next.js runs the proxy again on a rewritten path.)
 */

export type SiteView = "full" | "embed";

/** A site as its pages need it: whose (slug; null for the demo hotel), which layout, which language. */
export type SiteAddress = { slug: string | null; view: SiteView; lang: string; langExplicit: boolean };

/** The request header the proxy sets (any sent by a client is replaced). */
export const SITE_HEADER = "x-room-booking-site";

const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
/** The guest site's pages, after the site's base path. */
const PAGE = "(?:/search|/book|/find|/accessibility|/confirmation/[^/]+|/manage/[^/]+(?:/change)?)?";
const DEMO_PATH = new RegExp(`^${PAGE}$`);
const HOTEL_PATH = new RegExp(`^/hotels/(${SLUG})(/embed)?${PAGE}/?$`);

/** The site a public path belongs to and the page's own path, or null for any other path. */
export type SiteRoute = Pick<SiteAddress, "slug" | "view">;

export function siteRouteOf(pathname: string): SiteRoute | null {
  const hotel = HOTEL_PATH.exec(pathname);
  if (hotel?.[1]) return { slug: hotel[1], view: hotel[2] ? "embed" : "full" };
  if (pathname === "/" || DEMO_PATH.test(pathname)) return { slug: null, view: "full" };
  return null;
}

/** The path every link of the site starts with. */
export function siteBasePath(site: Pick<SiteAddress, "slug" | "view">): string {
  if (!site.slug) return "";
  return `/hotels/${site.slug}${site.view === "embed" ? "/embed" : ""}`;
}

export function encodeSiteAddress(site: SiteAddress): string {
  return new URLSearchParams({ slug: site.slug ?? "", view: site.view, lang: site.lang, explicit: site.langExplicit ? "1" : "0" }).toString();
}

/** The header's site; the demo hotel in English when there is none (a page reached without the proxy). */
export function decodeSiteAddress(value: string | null): SiteAddress {
  const params = new URLSearchParams(value ?? "");
  return {
    slug: params.get("slug") || null,
    view: params.get("view") === "embed" ? "embed" : "full",
    lang: params.get("lang") || "en",
    langExplicit: params.get("explicit") === "1",
  };
}
