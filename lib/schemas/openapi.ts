import type { z } from "zod";
import { PROBLEM_STATUS, type ProblemCode } from "@/lib/http/problem";
import { MAX_BODY_BYTES } from "@/lib/http/parse-request";
import { PLAN_RULES } from "@/lib/properties/plans";
import { AvailabilityQuerySchema, AvailabilitySchema } from "./availability";
import { BookingListQuerySchema, BookingListSchema, BookingSchema, CancelBookingSchema, CreateBookingSchema } from "./bookings";
import { BookingIdSchema, RoomTypeIdSchema } from "./common";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { EventFeedQuerySchema, EventFeedSchema } from "./events";
import { MeSchema } from "./me";
import { componentSchemas, fieldSchema, schemaRef } from "./openapi-json-schema";
import { ProblemSchema } from "./problem";
import { RatesQuerySchema, RatesSchema } from "./rates";
import { RoomTypeListSchema, RoomTypeSchema } from "./room-types";
import { GETTING_STARTED } from "./getting-started";
import { CreatedWebhookEndpointSchema, CreateWebhookEndpointSchema, WebhookEndpointIdSchema, WebhookEndpointListSchema, WebhookEndpointSchema } from "./webhooks";

// Imported for their registration in zod's registry (components), not used by name here.
void [CreatedWebhookEndpointSchema, CreateWebhookEndpointSchema, WebhookEndpointListSchema, WebhookEndpointSchema, EventFeedSchema, AvailabilitySchema, BookingSchema, BookingListSchema, CancelBookingSchema, CreateBookingSchema, MeSchema, ProblemSchema, RatesSchema, RoomTypeListSchema, RoomTypeSchema];

type Json = Record<string, unknown>;
type PathParam = { name: string; description: string; schema: z.ZodType };
type Operation = {
  method: "get" | "post" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description: string;
  scope: "read" | "write";
  query?: z.ZodObject;
  pathParams?: PathParam[];
  body?: { schema: string; required: boolean };
  /** schema null: no body (204). */
  success: { status: number; schema: string | null; description: string; headers?: Json };
  errors: ProblemCode[];
  curl: string;
};

const BASE = "https://hotel.example/partner/v1";

const ALWAYS: ProblemCode[] = ["missing_api_key", "invalid_api_key", "rate_limited", "internal_error", "service_unavailable"];
const WRITE: ProblemCode[] = ["plan_upgrade_required", "insufficient_scope", "invalid_request", "payload_too_large", "unsupported_media_type"];

const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/me",
    operationId: "getMe",
    summary: "The key's property, plan and limits",
    description: "Who the key belongs to: the property (with today's date in its time zone), the key and what it can do now, the plan and its rate limit.",
    scope: "read",
    success: { status: 200, schema: "Me", description: "The property, key and plan." },
    errors: [],
    curl: `curl ${BASE}/me -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/availability",
    operationId: "searchAvailability",
    summary: "Room types free for a stay, with prices",
    description:
      "Room types that can take the stay: enough capacity and every night of [checkin, checkout) open with a room free. Cheapest first. An empty list is a 200: nothing can take it.",
    scope: "read",
    query: AvailabilityQuerySchema,
    success: { status: 200, schema: "Availability", description: "Room types that can take the stay." },
    errors: ["validation_failed"],
    curl: `curl "${BASE}/availability?checkin=2026-12-04&checkout=2026-12-07&adults=2" -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/room-types",
    operationId: "listRoomTypes",
    summary: "The property's room types",
    description: "Every room type, cheapest base price first.",
    scope: "read",
    success: { status: 200, schema: "RoomTypeList", description: "The room types." },
    errors: ["validation_failed"],
    curl: `curl ${BASE}/room-types -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/room-types/{id}",
    operationId: "getRoomType",
    summary: "One room type",
    description: "A room type of the key's property (404 for any other).",
    scope: "read",
    pathParams: [{ name: "id", description: "Room type id (rt_…). A malformed id is answered 404, as an unknown one.", schema: RoomTypeIdSchema }],
    success: { status: 200, schema: "RoomType", description: "The room type." },
    errors: ["not_found", "validation_failed"],
    curl: `curl ${BASE}/room-types/rt_2b6n0t5f3k9q2m8x1c7v -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/rates",
    operationId: "getRates",
    summary: "Price and free-room calendar",
    description:
      "Night by night from `from` to `to` (both included, at most 366 nights; `from` may be in the past): price, rooms free, closed. A night with no calendar row reads amount null, 0 rooms, closed.",
    scope: "read",
    query: RatesQuerySchema,
    success: { status: 200, schema: "Rates", description: "The calendar." },
    errors: ["validation_failed", "unknown_room_type"],
    curl: `curl "${BASE}/rates?from=2026-12-01&to=2026-12-31" -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "post",
    path: "/bookings",
    operationId: "createBooking",
    summary: "Book a room",
    description:
      "Creates a confirmed booking. Send an Idempotency-Key with every creation: a retry with the same key (after a timeout, a network error or a 5xx) returns the same booking (201, Idempotent-Replayed: true) and never books twice. Never overbooks: when the last room of a night goes to another request first, you get 409 no_availability naming that night.",
    scope: "write",
    body: { schema: "CreateBooking", required: true },
    success: {
      status: 201,
      schema: "Booking",
      description: "The booking (also when replayed for a repeated Idempotency-Key).",
      headers: {
        Location: { description: "The booking's URL.", required: true, schema: { type: "string" } },
        "Idempotent-Replayed": {
          description: "`true` when this is the booking an earlier request with the same Idempotency-Key made; absent otherwise.",
          required: false,
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
    errors: [...WRITE, "validation_failed", "unknown_room_type", "occupancy_exceeded", "no_availability", "idempotency_key_reused", "idempotency_key_in_use"],
    curl: [
      `curl ${BASE}/bookings -H "X-Api-Key: $ROOM_BOOKING_KEY" \\`,
      `  -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" \\`,
      `  -d '{"roomTypeId":"rt_2b6n0t5f3k9q2m8x1c7v","checkin":"2026-12-04","checkout":"2026-12-07","adults":2,`,
      `       "guest":{"firstName":"Ana","lastName":"Silva","email":"ana.silva@example.com"}}'`,
    ].join("\n"),
  },
  {
    method: "get",
    path: "/bookings",
    operationId: "listBookings",
    summary: "The property's bookings",
    description:
      "Newest first, a page at a time (follow nextCursor). Filter by status, check-in dates, reference or your externalReference; poll with updatedSince to pick up changes made elsewhere, such as a cancellation at the front desk.",
    scope: "read",
    query: BookingListQuerySchema,
    success: { status: 200, schema: "BookingList", description: "A page of bookings." },
    errors: ["validation_failed"],
    curl: `curl "${BASE}/bookings?status=confirmed&limit=50" -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/bookings/{id}",
    operationId: "getBooking",
    summary: "One booking",
    description: "A booking of the key's property (404 for any other).",
    scope: "read",
    pathParams: [{ name: "id", description: "Booking id (bk_…). A malformed id is answered 404, as an unknown one.", schema: BookingIdSchema }],
    success: { status: 200, schema: "Booking", description: "The booking." },
    errors: ["not_found", "validation_failed"],
    curl: `curl ${BASE}/bookings/bk_5f3k9q2m8x1c7v4b6n0t -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "post",
    path: "/bookings/{id}/cancel",
    operationId: "cancelBooking",
    summary: "Cancel a booking",
    description:
      "Free of charge until the check-in date has passed at the property; its nights are for sale again at once. Cancelling a cancelled booking returns it unchanged (200). The body is optional.",
    scope: "write",
    pathParams: [{ name: "id", description: "Booking id (bk_…). A malformed id is answered 404, as an unknown one.", schema: BookingIdSchema }],
    body: { schema: "CancelBooking", required: false },
    success: { status: 200, schema: "Booking", description: "The cancelled booking." },
    errors: [...WRITE, "not_found", "validation_failed", "booking_not_cancellable"],
    curl: `curl -X POST ${BASE}/bookings/bk_5f3k9q2m8x1c7v4b6n0t/cancel -H "X-Api-Key: $ROOM_BOOKING_KEY" \\\n  -H "Content-Type: application/json" -d '{"reason":"Guest changed plans"}'`,
  },
  {
    method: "get",
    path: "/events",
    operationId: "listEvents",
    summary: "The event feed: booking changes, in order",
    description:
      "Every booking.created and booking.cancelled of the property, whichever door made the change (this API, the control panel, the hotel's site), oldest first after `after`. Poll it to catch up, after an outage or instead of webhooks: you see every event exactly once, in an order that never changes (an event appears once every transaction older than it has finished). Events are kept 30 days; a cursor older than that is 410 cursor_expired.",
    scope: "read",
    query: EventFeedQuerySchema,
    success: { status: 200, schema: "EventFeed", description: "A page of events." },
    errors: ["validation_failed", "cursor_expired"],
    curl: `curl "${BASE}/events?after=$CURSOR" -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "get",
    path: "/webhook-endpoints",
    operationId: "listWebhookEndpoints",
    summary: "Your webhook endpoints",
    description:
      "The endpoints this key created, and those created by the keys it replaced on rotation (endpoints added by the hotel's staff or by other partners are not listed).",
    scope: "read",
    success: { status: 200, schema: "WebhookEndpointList", description: "The endpoints, oldest first." },
    errors: ["validation_failed"],
    curl: `curl ${BASE}/webhook-endpoints -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "post",
    path: "/webhook-endpoints",
    operationId: "createWebhookEndpoint",
    summary: "Add a webhook endpoint",
    description:
      "Events of the property created from now on are POSTed to the URL, signed (Standard Webhooks). The answer carries the signing secret, this once. At most 20 endpoints per property. The URL must be https on a public address.",
    scope: "write",
    body: { schema: "CreateWebhookEndpoint", required: true },
    success: {
      status: 201,
      schema: "CreatedWebhookEndpoint",
      description: "The endpoint, with its secret (shown once).",
      headers: { Location: { description: "The endpoint's URL.", schema: { type: "string" }, required: true } },
    },
    errors: [...WRITE, "validation_failed"],
    curl: `curl -X POST ${BASE}/webhook-endpoints -H "X-Api-Key: $ROOM_BOOKING_KEY" \\\n  -H "Content-Type: application/json" -d '{"url":"https://partner.example.com/hooks/room-booking"}'`,
  },
  {
    method: "get",
    path: "/webhook-endpoints/{id}",
    operationId: "getWebhookEndpoint",
    summary: "One webhook endpoint",
    description: "An endpoint you may see (see the list); 404 for any other. Its secret is never shown again.",
    scope: "read",
    pathParams: [{ name: "id", description: "Endpoint id (whe_…).", schema: WebhookEndpointIdSchema }],
    success: { status: 200, schema: "WebhookEndpoint", description: "The endpoint." },
    errors: ["not_found", "validation_failed"],
    curl: `curl ${BASE}/webhook-endpoints/whe_3m8x1c7v4b6n0t5f3k9q -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
  {
    method: "delete",
    path: "/webhook-endpoints/{id}",
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint",
    description: "Nothing more is sent to it, including retries already scheduled.",
    scope: "write",
    pathParams: [{ name: "id", description: "Endpoint id (whe_…).", schema: WebhookEndpointIdSchema }],
    success: { status: 204, schema: null, description: "Deleted." },
    errors: [...WRITE, "not_found", "validation_failed"],
    curl: `curl -X DELETE ${BASE}/webhook-endpoints/whe_3m8x1c7v4b6n0t5f3k9q -H "X-Api-Key: $ROOM_BOOKING_KEY"`,
  },
];

/** The headers the API sends, declared on each response that sends them (required where always sent). */
const HEADERS: Record<string, Json> = {
  "X-Request-Id": { description: "The request's id (yours when you sent a valid X-Request-Id).", schema: { type: "string" } },
  RateLimit: { description: 'IETF draft: `"plan";r=remaining;t=seconds until reset`.', schema: { type: "string" } },
  "RateLimit-Policy": { description: 'IETF draft: `"plan";q=limit;w=60`.', schema: { type: "string" } },
  "X-RateLimit-Limit": { description: "Requests per minute of the plan.", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When the window resets, Unix seconds.", schema: { type: "integer" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
};
const RATE_LIMIT_HEADER_NAMES = ["RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

function header(name: string, required: boolean, note?: string): Json {
  const definition = HEADERS[name]!;
  return { ...definition, ...(note ? { description: `${definition.description as string} ${note}` } : {}), required };
}

/**
 * Success: the request id and the limit headers, always. Errors: the request id; the limit
 * headers once the key is known (so never on a 401); Retry-After on 429 and 503, and on a 409
 * only with idempotency_key_in_use.
 */
function responseHeaders(status: number, codes: ProblemCode[] = []): Json {
  const out: Json = { "X-Request-Id": header("X-Request-Id", true) };
  if (status === 401) return out;
  const success = status < 400;
  for (const name of RATE_LIMIT_HEADER_NAMES) out[name] = header(name, success, success ? undefined : "Sent once the key is known.");
  if (status === 429 || status === 503) out["Retry-After"] = header("Retry-After", true);
  if (codes.includes("idempotency_key_in_use")) out["Retry-After"] = header("Retry-After", false, "Sent with `idempotency_key_in_use` only.");
  return out;
}

function errorResponses(codes: ProblemCode[]): Json {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of [...codes, ...ALWAYS]) {
    const status = PROBLEM_STATUS[code];
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].when}`).join(" "),
          headers: responseHeaders(status, list),
          content: { "application/problem+json": { schema: schemaRef("Problem") } },
        },
      ]),
  );
}

function queryParameters(query: z.ZodObject | undefined): Json[] {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, field]) => {
    const schema = fieldSchema(field as z.ZodType);
    const { description, ...rest } = schema;
    return { name, in: "query", required: !(field as z.ZodType).safeParse(undefined).success, description, schema: rest };
  });
}

function tagOf(path: string): string {
  if (path.startsWith("/webhook-endpoints") || path === "/events") return "Events";
  if (path.startsWith("/bookings")) return "Bookings";
  return path === "/me" ? "Account" : "Rooms and prices";
}

function operation(op: Operation): Json {
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description}\n\nScope: **${op.scope}**${op.scope === "write" ? " (Starter plan or higher, and a key with write scope)" : ""}.`,
    tags: [tagOf(op.path)],
    parameters: [
      ...(op.pathParams ?? []).map((p) => {
        const { description: _description, ...schema } = fieldSchema(p.schema);
        void _description;
        return { name: p.name, in: "path", required: true, description: p.description, schema };
      }),
      ...queryParameters(op.query),
      ...(op.operationId === "createBooking" ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
    ],
    ...(op.body
      ? { requestBody: { required: op.body.required, content: { "application/json": { schema: schemaRef(op.body.schema) } } } }
      : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: { ...responseHeaders(op.success.status), ...(op.success.headers ?? {}) },
        ...(op.success.schema ? { content: { "application/json": { schema: schemaRef(op.success.schema) } } } : {}),
      },
      ...errorResponses(op.errors),
    },
    "x-codeSamples": [{ lang: "Shell", label: "curl", source: op.curl }],
  };
}

/** What your webhook endpoints receive (POST /webhook-endpoints): one entry per event type. */
function eventWebhooks(): Json {
  const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });
  const parameters = [
    header("webhook-id", "The event's id (evt_…): the same on every retry and replay. Drop duplicates by it."),
    header("webhook-timestamp", "When this attempt was signed, Unix seconds. Refuse old ones (the standardwebhooks library allows 5 minutes)."),
    header("webhook-signature", "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` under your whsec_ secret; two, space-separated, for 24 hours after a rotation."),
  ];
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `${type.replace(".", "_")}_webhook`,
          summary: type === "booking.created" ? "A booking was made" : "A booking was cancelled",
          description:
            "Sent to each of the property's enabled endpoints that subscribe to it, signed (Standard Webhooks). At least once, in no guaranteed order; retried for about three days until you answer 2xx within 10 seconds. Ignore event types you do not know.",
          tags: ["Events"],
          parameters,
          requestBody: { required: true, content: { "application/json": { schema: schemaRef("Event") } } },
          responses: { "200": { description: "Received (any 2xx)." } },
        },
      },
    ]),
  );
}

let cached: Json | undefined;

/** The OpenAPI 3.1 document of the partner API, generated from the zod schemas the routes validate with. */
export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation(op) };
  const limits = Object.entries(PLAN_RULES)
    .map(([plan, rules]) => `${rules.label} (\`${plan}\`): ${rules.requestsPerMinute.toLocaleString("en-US")} requests per minute${rules.canWrite ? "" : ", read only"}`)
    .join("; ");
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Room Booking Partner API",
      version: "1.0.0",
      summary: "Availability, prices and bookings of a hotel, for partners' servers.",
      description: GETTING_STARTED.replace("{limits}", limits).replace("{maxBody}", String(MAX_BODY_BYTES / 1024)),
      contact: { name: "Room Booking partner support", email: "partners@room-booking.example" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/partner/v1", description: "This server" }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: "Account", description: "The key and its property." },
      { name: "Rooms and prices", description: "Room types, availability and the rates calendar." },
      { name: "Bookings", description: "Create, read and cancel bookings." },
      {
        name: "Events",
        description:
          "booking.created and booking.cancelled, pushed to your webhook endpoints (signed, retried for about three days) and served by the feed (GET /events) for catching up.",
      },
    ],
    paths,
    webhooks: eventWebhooks(),
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Your key, from the control panel (Settings › API Keys). Keep it on your server." },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "Recommended on every creation: 1–255 printable ASCII characters, unique per intended booking (a UUID). Remembered for the life of the booking. The same key with the same body replays the booking; with a different body it is 422 idempotency_key_reused.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      },
      schemas: componentSchemas("input"),
    },
  };
  return cached;
}
