/** A page's query string as Next.js hands it over. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A query parameter given once and not empty (a filter left blank is no filter); repeated or absent: undefined. */
export function queryValue(params: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = params[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
