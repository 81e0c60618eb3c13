import type { z } from "zod";
import type { FieldError } from "@/lib/errors";

/** zod issues as the API's field errors: a path like guest.email and a plain message. */
export function fieldErrors(error: z.ZodError, unknownLabel: "field" | "parameter"): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ field: path ? `${path}.${key}` : key, message: `Unknown ${unknownLabel}.` });
      continue;
    }
    const missing = issue.code === "invalid_type" && /received undefined$/.test(issue.message);
    out.push({ field: path || "(body)", message: missing ? "Is required." : issue.message });
  }
  return out;
}
