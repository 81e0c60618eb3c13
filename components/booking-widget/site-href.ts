/**
 * How a guest site's links start: "" on the demo hotel's site, /hotels/{slug} on a hotel's
 * booking engine, /hotels/{slug}/embed inside its widget; and the language the guest chose
 * (?lang=), which every link keeps. Plain data: server pages and client forms share it.
 */
export type SiteRef = { basePath: string; lang?: string };

/** A page of the site, with its query (`lang` added when the guest chose one). */
export function siteHref(site: SiteRef, path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, ...(site.lang ? { lang: site.lang } : {}) }).toString();
  const page = site.basePath && path === "/" ? "" : path;
  return `${site.basePath}${page}${params ? `?${params}` : ""}` || "/";
}
