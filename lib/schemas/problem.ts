import { z } from "zod";
import { CalendarDateSchema, MoneySchema, NightlyPriceSchema } from "./common";

/**
 * The API's errors, each with a stable `code`. The table below is the whole catalogue: code →
 * status (see ../shared/API.md and /docs/errors); lib/http/problem.ts answers with them.
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
  booking_not_anonymisable: 409,
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

export const FieldErrorSchema = z.object({
  field: z.string().meta({ description: "Where: a body path (guest.email) or a query parameter (checkin)." }),
  message: z.string(),
});

/** RFC 9457 problem details, with a stable machine-readable `code`. */
export const ProblemSchema = z
  .object({
    type: z.string().meta({ description: "A link to the error's entry in the error catalogue.", example: "/docs/errors#validation_failed" }),
    title: z.string().meta({ example: "Bad Request" }),
    status: z.number().int(),
    detail: z.string().meta({ description: "For people; may change. Match on `code`." }),
    code: z.string().meta({ description: "Stable and machine-readable.", example: "validation_failed" }),
    requestId: z.string().meta({ description: "Quote it when asking for help: every log line about the request carries it." }),
    errors: z.array(FieldErrorSchema).optional().meta({ description: "Present for field errors only." }),
    night: CalendarDateSchema.optional().meta({ description: "no_availability only: the first night the room type cannot take (sold out or closed)." }),
    limit: z
      .object({ name: z.enum(["maxAdults", "maxChildren", "maxOccupancy"]), value: z.number().int() })
      .optional()
      .meta({ description: "occupancy_exceeded only: the room type's limit the party breaks (the first of maxAdults, maxChildren, maxOccupancy), and its value." }),
    price: MoneySchema.optional().meta({ description: "price_changed only: what the change costs now." }),
    nightly: z.array(NightlyPriceSchema).optional().meta({ description: "price_changed only: the change's price of each night." }),
    room: z
      .number()
      .int()
      .optional()
      .meta({ description: "POST /booking-groups only: the refused room, as its index in the request's rooms (from 0). Nothing of the group was booked." }),
  })
  .meta({ id: "Problem" });

export type Problem = z.infer<typeof ProblemSchema>;
