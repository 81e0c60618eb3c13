import type { z } from "zod";
import { DomainError, validationFailed } from "@/lib/errors";
import { fieldErrors } from "@/lib/schemas/field-errors";
import type { UnknownIdProblem } from "@/lib/schemas/common";

/** What each problem a malformed id may ask for names (lib/schemas/common.ts idSchema, `unknownAs`). */
const UNKNOWN_WHAT: Record<UnknownIdProblem, string> = { unknown_room_type: "room type", unknown_rate_plan: "rate plan" };

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
