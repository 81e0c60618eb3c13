import type { Problem } from "@/lib/schemas/problem";

/**
 * The partner API answered with an error (problem+json): its status, stable code and field
 * errors; for price_changed also the new quote (its price and nightly), for occupancy_exceeded
 * the room type's limit the party breaks.
 */
export class PartnerApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: { field: string; message: string }[];
  readonly requestId: string | undefined;
  /** price_changed only: what the change costs now, in all and night by night. */
  readonly quote: { price: NonNullable<Problem["price"]>; nightly: NonNullable<Problem["nightly"]> } | undefined;
  /** occupancy_exceeded only: the limit broken (maxAdults, maxChildren or maxOccupancy) and its value. */
  readonly limit: Problem["limit"];
  /** A booking group's refusal: the refused room's index in the request's rooms. */
  readonly room: number | undefined;

  constructor(problem: Pick<Problem, "status" | "code" | "detail"> & Partial<Pick<Problem, "errors" | "requestId" | "price" | "nightly" | "limit" | "room">>) {
    super(problem.detail);
    this.name = "PartnerApiError";
    this.status = problem.status;
    this.code = problem.code;
    this.fieldErrors = problem.errors ?? [];
    this.requestId = problem.requestId;
    this.quote = problem.price && problem.nightly ? { price: problem.price, nightly: problem.nightly } : undefined;
    this.limit = problem.limit;
    this.room = problem.room;
  }
}

/**
 * The partner API could not be reached, timed out, or was unavailable (5xx) even after a
 * retry. Whatever was asked may or may not have happened: repeating a booking with the same
 * Idempotency-Key is safe.
 */
export class PartnerApiUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PartnerApiUnreachable";
  }
}

export function isPartnerApiError(error: unknown, code?: string): error is PartnerApiError {
  return error instanceof PartnerApiError && (code === undefined || error.code === code);
}
