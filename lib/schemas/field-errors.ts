import type { z } from "zod";
import { asSentence } from "@/lib/text/as-sentence";
import type { FieldError } from "@/lib/errors";

/**
 * zod issues as the API's field errors: a path like guest.email and a plain message. One error
 * per field, the first rule it fails (zod reports every rule: "" is both empty and not
 * printable ASCII, two messages that read as a contradiction).
 */
export function fieldErrors(error: z.ZodError, unknownLabel: "field" | "parameter"): FieldError[] {
  const out: FieldError[] = [];
  const named = new Set<string>();
  const add = (field: string, message: string) => {
    if (named.has(field)) return;
    named.add(field);
    out.push({ field, message });
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, `Unknown ${unknownLabel}.`);
      continue;
    }
    // A missing field reads "Is required." (zod-messages.ts, like every default message).
    add(path || "(body)", issue.message);
  }
  return out;
}

/**
 * A panel form's field checker: `check(field, schema)` gives the field's value parsed by the
 * schema, or puts the schema's first message (as a sentence) in `errors` under the field.
 */
export function formFieldChecker<Values extends Record<string, string>>(values: Values, errors: Partial<Record<keyof Values, string>>) {
  return <T>(field: keyof Values, schema: z.ZodType<T, string>): T | undefined => {
    const parsed = schema.safeParse(values[field]);
    if (parsed.success) return parsed.data;
    errors[field] = asSentence(parsed.error.issues[0]?.message ?? "Is not valid.");
    return undefined;
  };
}
