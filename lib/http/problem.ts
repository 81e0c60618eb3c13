import type { FieldError } from "@/lib/errors";
import { PROBLEM_STATUS, type ProblemCode } from "@/lib/schemas/problem";

/**
 * Errors as RFC 9457 problem details (application/problem+json) with a stable `code`; each code's
 * status is in the catalogue (PROBLEM_STATUS, lib/schemas/problem.ts).
 */
const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * Extension members some problems carry beside the standard ones (no_availability: the night;
 * occupancy_exceeded: the limit; price_changed: the quote's price and nightly; a booking group's
 * refusal: the room).
 */
export type ProblemMembers = { night?: string; limit?: unknown; price?: unknown; nightly?: unknown; room?: number };

/** A failure the pipeline answers with a problem: thrown by lib/http helpers and handlers. */
export class ApiProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; members?: ProblemMembers } = {},
  ) {
    super(detail);
    this.name = "ApiProblem";
  }
}

export function problemBody(code: ProblemCode, detail: string, requestId: string, errors?: FieldError[], members: ProblemMembers = {}) {
  const status = PROBLEM_STATUS[code];
  return {
    type: `/docs/errors#${code}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
    requestId,
    ...(errors?.length ? { errors } : {}),
    ...members,
  };
}

export function problemResponse(problem: ApiProblem, requestId: string, headers: Record<string, string> = {}): Response {
  const body = problemBody(problem.code, problem.detail, requestId, problem.extra.errors, problem.extra.members);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { ...headers, "Content-Type": "application/problem+json", ...problem.extra.headers },
  });
}

export const INTERNAL_ERROR_DETAIL = "Something went wrong on our side. Retrying with the same Idempotency-Key is safe.";

/** The 503 of a request the database could not serve: retry shortly. */
export function serviceUnavailable(): ApiProblem {
  return new ApiProblem("service_unavailable", "The service is briefly unavailable. Retry shortly; with the same Idempotency-Key a retry is safe.", {
    headers: { "Retry-After": "5" },
  });
}
