/**
 * The language of a guest page: `?lang=` when it names one we have, then the first of the
 * browser's Accept-Language (by quality) that we have, then the hotel's default. `explicit`
 * says the guest (or the hotel's snippet) asked for it, so the site's links keep it.
 */
export function chooseLanguage(input: { query: string | null; acceptLanguage: string | null; fallback: string; available: readonly string[] }): { lang: string; explicit: boolean } {
  const has = (tag: string) => input.available.includes(tag);
  const asked = input.query?.trim().toLowerCase();
  if (asked && has(asked)) return { lang: asked, explicit: true };
  for (const tag of preferredLanguages(input.acceptLanguage ?? "")) {
    if (has(tag)) return { lang: tag, explicit: false };
  }
  return { lang: has(input.fallback) ? input.fallback : (input.available[0] ?? "en"), explicit: false };
}

/** Accept-Language's primary language subtags, most preferred first ("de-CH, en;q=0.8" → de, en); q=0 excluded. */
export function preferredLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: range.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => tag && tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
