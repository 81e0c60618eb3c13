import { ApiProblem } from "./problem";

const isIdempotencyKey = (value: string) => value.length >= 1 && value.length <= 255 && /^[\x20-\x7e]+$/.test(value);

/** The header's value when it is a valid Idempotency-Key, else null (what the request log keeps). */
export function validIdempotencyKey(value: string | null): string | null {
  return value !== null && isIdempotencyKey(value) ? value : null;
}

/** The Idempotency-Key header: absent, or 1–255 printable ASCII characters (400 otherwise). */
export function readIdempotencyKey(request: Request): string | undefined {
  const value = request.headers.get("idempotency-key");
  if (value === null) return undefined;
  if (!isIdempotencyKey(value)) {
    throw new ApiProblem("invalid_request", "The Idempotency-Key header must be 1 to 255 printable ASCII characters.");
  }
  return value;
}
