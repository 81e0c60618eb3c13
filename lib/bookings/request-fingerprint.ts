import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level, so key order and white space do not matter. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of a parsed request: two requests are "the same" for idempotency when these match. */
export function requestFingerprint(parsed: unknown): string {
  return createHash("sha256").update(canonicalJson(parsed)).digest("hex");
}
