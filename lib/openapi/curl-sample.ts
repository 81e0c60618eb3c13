import type { RequestExample } from "./example-types";

/** Where the curl samples send their requests (a partner puts their hotel's address). */
export const CURL_BASE = "https://hotel.example/partner/v1";

/** A value inside shell single quotes: a quote closes, escapes and reopens them. */
function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The curl command of an operation's request example: its path ids, its required query
 * parameters and those it picks for curl, its headers and its body, as documented.
 */
export function curlSample(method: string, path: string, example: RequestExample, requiredQuery: string[]): string {
  const ids: Record<string, string> = example.path ?? {};
  const url = `${CURL_BASE}${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!))}`;
  const shown = Object.entries(example.query ?? {}).filter(([name]) => requiredQuery.includes(name) || example.curlQuery?.includes(name));
  const search = new URLSearchParams(shown).toString();
  const hasBody = example.body !== undefined;
  const implied = method === "GET" || (method === "POST" && hasBody); // curl sends GET, or POST with -d
  const first = ["curl", ...(implied ? [] : ["-X", method]), search ? `"${url}?${search}"` : url, '-H "X-Api-Key: $ROOM_BOOKING_KEY"'];
  const headers = [...(hasBody ? ['-H "Content-Type: application/json"'] : []), ...Object.entries(example.headers ?? {}).map(([name, value]) => `-H "${name}: ${value}"`)];
  const lines = [first.join(" "), ...(headers.length ? [`  ${headers.join(" ")}`] : []), ...(hasBody ? [`  -d ${singleQuoted(JSON.stringify(example.body, null, 2).replaceAll("\n", "\n  "))}`] : [])];
  return lines.join(" \\\n");
}
