/**
 * An expected failure of a domain operation, with a stable code. The partner API maps each
 * code to a status and a problem+json body (lib/http), the admin CLI to exit code 1, the
 * panel to an inline message.
 */
export type DomainErrorCode =
  | "not_found"
  | "invalid_argument"
  | "validation_failed"
  | "conflict"
  | "plan_upgrade_required"
  | "insufficient_scope"
  | "unknown_room_type"
  | "occupancy_exceeded"
  | "no_availability"
  | "stay_restricted"
  | "unknown_rate_plan"
  | "booking_not_cancellable"
  | "booking_not_changeable"
  | "booking_not_anonymisable"
  | "price_changed"
  | "idempotency_key_reused"
  | "idempotency_key_in_use"
  | "cursor_expired";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown, code?: DomainErrorCode): error is DomainError {
  return error instanceof DomainError && (code === undefined || error.code === code);
}

export type FieldError = { field: string; message: string };

/** Input that breaks a rule: each field and what is wrong with it. */
export function validationFailed(errors: FieldError[]): DomainError {
  const count = errors.length;
  return new DomainError("validation_failed", count === 1 ? "1 field is invalid." : `${count} fields are invalid.`, { errors });
}

/** A field error's message for a cursor this API did not hand out (a list's `cursor`, the event feed's `after`). */
export const NOT_A_CURSOR = "Is not a cursor this API returned.";
