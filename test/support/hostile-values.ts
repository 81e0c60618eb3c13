/**
 * Values an attacker or a broken client sends, for the schema-driven fuzz of the partner API
 * (test/integration/partner-api/hostile-input.test.ts). Strings are as the server sees them
 * after decoding; `raw` JSON tokens are spliced into a body as they are (JSON.stringify
 * cannot write 1e309 or 2^53 + 1 exactly).
 */
export type HostileValue = { label: string } & ({ string: string } | { json: unknown } | { raw: string });

const LONG = "x".repeat(5_000);

/** Strings: control characters, unpaired surrogates, percent-encoding that does not decode, oversize, look-alikes. */
export const HOSTILE_STRINGS: HostileValue[] = [
  { label: "NUL", string: "\u0000" },
  { label: "NUL inside", string: "a\u0000b" },
  { label: "SOH", string: "\u0001" },
  { label: "ESC", string: "x\u001bx" },
  { label: "DEL", string: "\u007f" },
  { label: "C1 NEL", string: "a\u0085b" },
  { label: "C1 CSI", string: "\u009b" },
  { label: "line break", string: "a\nb" },
  { label: "tab", string: "a\tb" },
  { label: "lone high surrogate", string: "\ud800" },
  { label: "lone low surrogate inside", string: "a\udc00b" },
  { label: "reversed surrogate pair", string: "\udc00\ud800" },
  { label: "percent sign", string: "%" },
  { label: "bad percent-encoding", string: "%ZZ" },
  { label: "percent-encoded NUL", string: "%00" },
  { label: "percent-encoded surrogate", string: "%ED%A0%80" },
  { label: "5,000 characters", string: LONG },
  { label: "empty", string: "" },
  { label: "blank", string: "   " },
  { label: "right-to-left override", string: "\u202eabc" },
  { label: "emoji", string: "😀" },
  { label: "full-width", string: "ｒｔ＿２０２６" },
  { label: "SQL", string: "' OR 1=1 --" },
  { label: "path traversal", string: "../../etc/passwd" },
  { label: "impossible date", string: "2027-02-30" },
  { label: "huge number as text", string: "9007199254740993" },
  { label: "overflow as text", string: "1e309" },
  { label: "negative as text", string: "-1" },
];

/** JSON values of the wrong type or out of range, for body fields. */
export const HOSTILE_JSON: HostileValue[] = [
  { label: "null", json: null },
  { label: "true", json: true },
  { label: "zero", json: 0 },
  { label: "negative", json: -1 },
  { label: "fraction", json: 1.5 },
  { label: "2^53 + 1", raw: "9007199254740993" },
  { label: "-(2^53 + 1)", raw: "-9007199254740993" },
  { label: "1e309", raw: "1e309" },
  { label: "-1e309", raw: "-1e309" },
  { label: "empty array", json: [] },
  { label: "empty object", json: {} },
  { label: "array of strings", json: ["a", "b"] },
  { label: "object with __proto__", raw: '{"__proto__":{"polluted":true}}' },
  { label: "deep nesting", raw: `${"[".repeat(2_000)}${"]".repeat(2_000)}` },
  { label: "deep object nesting", raw: `${'{"a":'.repeat(1_000)}1${"}".repeat(1_000)}` },
];

/** Every hostile value as a string a query parameter or path segment can carry. */
export function asText(value: HostileValue): string {
  if ("string" in value) return value.string;
  if ("raw" in value) return value.raw;
  return typeof value.json === "string" ? value.json : JSON.stringify(value.json);
}

const MARKER = "\u2063HOSTILE\u2063";

/** A JSON body with `value` at `path` (a dotted path into `base`), raw tokens spliced in as they are. */
export function bodyWith(base: Record<string, unknown>, path: string[], value: HostileValue): string {
  const copy = structuredClone(base);
  let target: Record<string, unknown> = copy;
  for (const part of path.slice(0, -1)) {
    if (typeof target[part] !== "object" || target[part] === null) target[part] = {};
    target = target[part] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if ("raw" in value) {
    target[last] = MARKER;
    return JSON.stringify(copy).replace(JSON.stringify(MARKER), value.raw);
  }
  target[last] = "string" in value ? value.string : value.json;
  return JSON.stringify(copy);
}
