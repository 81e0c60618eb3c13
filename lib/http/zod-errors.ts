import type { z } from "zod";
import { DomainError, type DomainErrorCode, type FieldError, validationFailed } from "@/lib/errors";

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

/** The problem an issue asks to be answered with (a malformed id as an unknown one: lib/schemas/common.ts idSchema). */
function problemOf(issue: z.core.$ZodIssue): DomainErrorCode | undefined {
  return issue.code === "custom" ? (issue.params?.problem as DomainErrorCode | undefined) : undefined;
}

/**
 * How a request that failed its schema is refused: when its only fault is a malformed id that
 * names its problem (unknown_room_type), as an unknown id is; else 400 with every field error.
 */
export function refusalOf(error: z.ZodError, unknownLabel: "field" | "parameter"): DomainError {
  const [first] = error.issues;
  const problem = first && problemOf(first);
  if (problem && error.issues.length === 1) {
    return new DomainError(problem, `${first.path.map(String).join(".")} names no ${problem === "unknown_room_type" ? "room type" : "resource"} of this property.`);
  }
  return validationFailed(fieldErrors(error, unknownLabel));
}
