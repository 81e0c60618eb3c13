import { ApiProblem } from "./problem";

/** The Idempotency-Key header: absent, or 1–255 printable ASCII characters (400 otherwise). */
export function readIdempotencyKey(request: Request): string | undefined {
  const value = request.headers.get("idempotency-key");
  if (value === null) return undefined;
  if (value.length < 1 || value.length > 255 || !/^[\x20-\x7e]+$/.test(value)) {
    throw new ApiProblem("invalid_request", "The Idempotency-Key header must be 1 to 255 printable ASCII characters.");
  }
  return value;
}
