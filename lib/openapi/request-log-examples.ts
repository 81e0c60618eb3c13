import { requestsCursor } from "./example-cursors";
import { EXAMPLE_IDS } from "./example-ids";
import type { OperationExample } from "./example-types";
import type { RequestLogEntryView, RequestLogQuery, RequestLogView } from "@/lib/schemas/request-log";

/** The request log's example: the partner looks up a request refused before the story's booking was made. */
export function requestLogExamples(story: { bookingAt: string; idempotencyKey: string }) {
  const apiKey = { id: EXAMPLE_IDS.apiKey, label: "Channel manager", hint: "rbp_AbCd…wXyZ" };
  const at = (ms: number) => new Date(Date.parse(story.bookingAt) + ms).toISOString();
  const refused = {
    requestId: "req_41d07be35c9a28f6e0b1d4c3",
    time: at(-9_310),
    method: "POST",
    path: "/bookings",
    resourceId: null,
    status: 400,
    code: "validation_failed",
    durationMs: 2.1,
    apiKey,
    idempotencyKey: story.idempotencyKey,
    replayed: false,
  } satisfies RequestLogEntryView;
  return {
    listRequests: {
      request: {
        summary: "Why was my booking refused? (its X-Request-Id)",
        query: {
          status: "4xx",
          code: "validation_failed",
          requestId: refused.requestId,
          limit: "25",
          cursor: requestsCursor("48213"),
        } satisfies Required<Record<keyof RequestLogQuery, string>>,
        curlQuery: ["requestId"],
      },
      response: { summary: "The refused request: a booking without a valid body", value: { data: [refused], nextCursor: null } satisfies RequestLogView },
    },
  } satisfies Record<string, OperationExample>;
}
