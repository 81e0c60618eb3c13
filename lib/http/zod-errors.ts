import type { z } from "zod";
import { DomainError, type FieldError, validationFailed } from "@/lib/errors";
import type { UnknownIdProblem } from "@/lib/schemas/common";

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

/** What each problem a malformed id may ask for names (lib/schemas/common.ts idSchema, `unknownAs`). */
const UNKNOWN_WHAT: Record<UnknownIdProblem, string> = { unknown_room_type: "room type" };

/** The problem an issue asks to be answered with (a malformed id as an unknown one). */
function problemOf(issue: z.core.$ZodIssue): UnknownIdProblem | undefined {
  return issue.code === "custom" ? (issue.params?.problem as UnknownIdProblem | undefined) : undefined;
}

/**
 * How a request that failed its schema is refused: when its only fault is a malformed id that
 * names its problem (unknown_room_type), as an unknown id is; else 400 with every field error.
 */
export function refusalOf(error: z.ZodError, unknownLabel: "field" | "parameter"): DomainError {
  const [first] = error.issues;
  const problem = first && problemOf(first);
  if (problem && error.issues.length === 1) {
    return new DomainError(problem, `${first.path.map(String).join(".")} names no ${UNKNOWN_WHAT[problem]} of this property.`);
  }
  return validationFailed(fieldErrors(error, unknownLabel));
}
