import { z } from "zod";
import { PROBLEM_STATUS, type ProblemCode } from "./problem";
import { ApiKeyIdSchema, PAGE_QUERY, pageSchema, TimestampSchema } from "./common";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
const PROBLEM_CODES = Object.keys(PROBLEM_STATUS) as [ProblemCode, ...ProblemCode[]];

/** The filters of the request log (GET /requests, and the panel's page). */
export const RequestLogQuerySchema = z.strictObject({
  status: z.enum(STATUS_CLASSES).optional().meta({ description: "Only answers of this class: 2xx, 4xx or 5xx." }),
  code: z.enum(PROBLEM_CODES).optional().meta({ description: "Only errors with this problem code (see /docs/errors)." }),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, "Must be a request id (the X-Request-Id of an answer).")
    .optional()
    .meta({ description: "Only the request with this X-Request-Id.", example: "req_9f1c2e7a4b8d3f60a1e5c7b2" }),
  ...PAGE_QUERY,
});

export const RequestLogEntrySchema = z
  .object({
    requestId: z.string().meta({ description: "The answer's X-Request-Id.", example: "req_9f1c2e7a4b8d3f60a1e5c7b2" }),
    time: TimestampSchema.meta({ description: "When the request arrived." }),
    method: z.string().meta({ example: "POST" }),
    path: z.string().meta({ description: "The path's template under /partner/v1, never the raw path.", example: "/bookings" }),
    resourceId: z.string().nullable().meta({ description: "The id in the path, or of what the request created.", example: "bk_5f3k9q2m8x1c7v4b6n0t" }),
    status: z.number().int().meta({ example: 201 }),
    code: z.string().nullable().meta({ description: "The problem's code, on an error." }),
    durationMs: z.number().meta({ description: "Time to answer, in milliseconds.", example: 12.4 }),
    apiKey: z.object({
      id: ApiKeyIdSchema,
      label: z.string(),
      hint: z.string().meta({ example: "rbp_AbCd…wXyZ" }),
    }),
    idempotencyKey: z.string().nullable().meta({ description: "The Idempotency-Key header you sent, if any." }),
    replayed: z.boolean().meta({ description: "Whether the answer was a replay of an earlier request with the same Idempotency-Key." }),
  })
  .meta({ id: "RequestLogEntry" });

export const RequestLogSchema = pageSchema(RequestLogEntrySchema, "RequestLog");

export type RequestLogQuery = z.infer<typeof RequestLogQuerySchema>;
export type RequestLogEntryView = z.infer<typeof RequestLogEntrySchema>;
export type RequestLogView = z.infer<typeof RequestLogSchema>;
