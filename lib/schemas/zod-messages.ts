import { z } from "zod";

const TYPES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/** What a size counts: characters of a string, items of a list, nothing for a number. */
const unitOf = (origin: string) => (origin === "string" ? " characters" : origin === "array" || origin === "set" ? " items" : "");

const listOf = (values: readonly unknown[]) => values.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join(", ");

/**
 * zod's own messages in the API's words, for every rule a schema states no message of its own
 * (a schema's message always wins): "Is required.", "Must be a whole number.", "Must be one of:
 * confirmed, cancelled.", "Must be at most 3 items.". Every field error then reads alike, in the
 * API's problems and the panel's forms. Set once, for the process, by lib/schemas/common.ts,
 * which every schema module imports.
 */
export function apiMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Is required.";
      return TYPES[issue.expected] ? `Must be ${TYPES[issue.expected]}.` : undefined;
    case "invalid_value":
      return issue.values.length === 1 ? `Must be ${listOf(issue.values)}.` : `Must be one of: ${listOf(issue.values)}.`;
    case "too_big":
      return `Must be at most ${String(issue.maximum)}${unitOf(issue.origin)}.`;
    case "too_small":
      return `Must be at least ${String(issue.minimum)}${unitOf(issue.origin)}.`;
    default:
      return undefined;
  }
}

z.config({ customError: apiMessage });
