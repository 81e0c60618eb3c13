/**
 * Whether a request path (as sent, still percent-encoded) does not decode: a stray `%`, `%ZZ`,
 * or bytes that are not UTF-8 (`%ED%A0%80`, an encoded surrogate). Next.js's router refuses such
 * a path with a bare 500 before any route runs, so proxy.ts answers it first.
 */
export function isMalformedPath(rawPath: string): boolean {
  if (!rawPath.includes("%")) return false;
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    return true;
  }
}
