import type { z } from "zod";
import type { ProblemCode } from "@/lib/schemas/problem";
import type { OperationId } from "./examples";

/** What the partner API's operations (operations.ts, booking-group-operations.ts) are made of. */
export type Json = Record<string, unknown>;
export type PathParam = { name: string; description: string; schema: z.ZodType };
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: OperationId;
  summary: string;
  description: string;
  scope: "read" | "write";
  query?: z.ZodObject;
  pathParams?: PathParam[];
  body?: { schema: string; required: boolean };
  /** schema null: no body (204). */
  success: { status: number; schema: string | null; description: string; headers?: Json };
  errors: ProblemCode[];
};

/** The problems every operation may answer (400s included: a Test-Scenario header, lib/http/test-scenarios.ts, is read by every operation). */
export const ALWAYS: ProblemCode[] = ["invalid_request", "validation_failed", "missing_api_key", "invalid_api_key", "rate_limited", "internal_error", "service_unavailable"];
export const WRITE: ProblemCode[] = ["plan_upgrade_required", "insufficient_scope", "invalid_request", "payload_too_large", "unsupported_media_type"];

/** What booking a stay may be refused for: a booking's, and each room's of a booking group. */
export const BOOKING_REFUSALS: ProblemCode[] = [
  "validation_failed",
  "unknown_room_type",
  "unknown_rate_plan",
  "occupancy_exceeded",
  "stay_restricted",
  "no_availability",
  "idempotency_key_reused",
  "idempotency_key_in_use",
];

/** A creation's headers: where the thing made is, and whether an earlier request with the same Idempotency-Key made it. */
export function createdHeaders(thing: "booking" | "group"): Json {
  return {
    Location: { description: `The ${thing}'s URL.`, required: true, schema: { type: "string" } },
    "Idempotent-Replayed": {
      description: `\`true\` when this is the ${thing} an earlier request with the same Idempotency-Key made; absent otherwise.`,
      required: false,
      schema: { type: "string", enum: ["true"] },
    },
  };
}

