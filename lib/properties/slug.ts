/** Whether `value` has the form slugify gives (lower-case letters and digits between hyphens, at most 60). */
export function isSlug(value: string): boolean {
  return value.length <= 60 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);
}

/** "Harbour View Hotel" → "harbour-view-hotel". */
export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/g, "") || "property"
  );
}

/** The slug itself when free, else the first free "<slug>-2", "<slug>-3", ... */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
