import type { FieldError } from "@/lib/errors";

/**
 * Errors as RFC 9457 problem details (application/problem+json) with a stable `code`. The
 * table below is the whole catalogue: code → status (see ../shared/API.md and /docs/errors).
 */
export const PROBLEM_STATUS = {
  invalid_request: 400,
  validation_failed: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  plan_upgrade_required: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  no_availability: 409,
  stay_restricted: 409,
  booking_not_cancellable: 409,
  booking_not_changeable: 409,
  price_changed: 409,
  idempotency_key_in_use: 409,
  cursor_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  unknown_room_type: 422,
  unknown_rate_plan: 422,
  occupancy_exceeded: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

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

/** Extension members some problems carry beside the standard ones (no_availability: the night; price_changed: the quote's price and nightly). */
export type ProblemMembers = { night?: string; price?: unknown; nightly?: unknown };

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
