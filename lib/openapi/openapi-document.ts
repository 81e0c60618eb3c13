import type { z } from "zod";
import { systemClock, type Clock } from "@/lib/clock";
import { dateInTimeZone, type CalendarDate } from "@/lib/dates/calendar-date";
import { ERROR_CATALOGUE } from "@/lib/docs/error-catalogue";
import { GETTING_STARTED } from "@/lib/docs/getting-started";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { MAX_BODY_BYTES } from "@/lib/http/parse-request";
import { PLAN_RULES } from "@/lib/properties/plans";
import { AvailabilitySchema } from "@/lib/schemas/availability";
import { BookingGroupListSchema, BookingGroupPriceSchema, BookingGroupSchema, CancelBookingGroupSchema, CreateBookingGroupSchema, GroupRoomSchema } from "@/lib/schemas/booking-groups";
import { BookingChangePreviousSchema, BookingListSchema, BookingSchema, CancelBookingSchema, ChangeBookingSchema, CreateBookingSchema, GuestSchema } from "@/lib/schemas/bookings";
import { MoneySchema, NightlyPriceSchema } from "@/lib/schemas/common";
import { AriChangedEventSchema, AriChangedSchema, BookingAnonymisedEventSchema, BookingAnonymisedSchema, BookingEventSchema, BookingGroupAnonymisedEventSchema, BookingGroupAnonymisedSchema, EventFeedSchema, EventSchema } from "@/lib/schemas/events";
import { MeSchema } from "@/lib/schemas/me";
import { PROBLEM_STATUS, ProblemSchema, type ProblemCode } from "@/lib/schemas/problem";
import { BookingRatePlanSchema, CancellationPolicySchema, CancellationTermsSchema, OfferSchema, RatePlanListSchema, RatePlanSchema } from "@/lib/schemas/rate-plans";
import { RatesSchema } from "@/lib/schemas/rates";
import { RequestLogEntrySchema, RequestLogSchema } from "@/lib/schemas/request-log";
import { RoomTypeListSchema, RoomTypeSchema } from "@/lib/schemas/room-types";
import { TestClockInputSchema, TestClockSchema } from "@/lib/schemas/test-clock";
import { WebhookDeliveryListSchema, WebhookDeliverySchema } from "@/lib/schemas/webhook-deliveries";
import { CreatedWebhookEndpointSchema, CreateWebhookEndpointSchema, WebhookEndpointListSchema, WebhookEndpointSchema } from "@/lib/schemas/webhooks";
import { ChildAgeBandSchema, ExtraSchema } from "@/lib/schemas/party";
import { CURL_BASE, curlSample } from "./curl-sample";
import type { OperationExample } from "./example-types";
import { webhookExamples } from "./event-webhook-examples";
import { operationExamples } from "./examples";
import { componentSchemas, fieldSchema, giveCompositionsTheirType, schemaRef } from "./json-schema";
import { ALWAYS, type Operation } from "./operation-parts";
import { OPERATIONS } from "./operations";

/** The document's components: every schema with an id in its meta. */
const COMPONENTS = [MoneySchema, NightlyPriceSchema, GuestSchema, EventSchema, BookingEventSchema, BookingAnonymisedEventSchema, BookingAnonymisedSchema, BookingGroupAnonymisedEventSchema, BookingGroupAnonymisedSchema, AriChangedEventSchema, AriChangedSchema, CreatedWebhookEndpointSchema, CreateWebhookEndpointSchema, WebhookEndpointListSchema, WebhookEndpointSchema, EventFeedSchema, AvailabilitySchema, BookingSchema, BookingChangePreviousSchema, BookingListSchema, CancelBookingSchema, ChangeBookingSchema, CreateBookingSchema, BookingGroupSchema, BookingGroupListSchema, BookingGroupPriceSchema, CreateBookingGroupSchema, GroupRoomSchema, CancelBookingGroupSchema, MeSchema, ProblemSchema, RatesSchema, RoomTypeListSchema, RoomTypeSchema, RatePlanListSchema, RatePlanSchema, CancellationPolicySchema, CancellationTermsSchema, OfferSchema, ExtraSchema, ChildAgeBandSchema, BookingRatePlanSchema, TestClockInputSchema, TestClockSchema, RequestLogSchema, RequestLogEntrySchema, WebhookDeliveryListSchema, WebhookDeliverySchema];

type Json = Record<string, unknown>;

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

/** A parameter's example as its schema types it: "2" in a URL is the integer 2. */
function typedExample(schema: Json, value: string | undefined): unknown {
  return schema.type === "integer" && value !== undefined ? Number(value) : value;
}

function queryParameters(query: z.ZodObject | undefined, examples: Record<string, string> = {}): Json[] {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, field]) => {
    const schema = fieldSchema(field as z.ZodType);
    const { description, ...rest } = schema;
    return { name, in: "query", required: !(field as z.ZodType).safeParse(undefined).success, description, schema: rest, example: typedExample(rest, examples[name]) };
  });
}

/** The Idempotency-Key header of a creation or a change, with the operation's own example key. */
function idempotencyKeyParameter(operationId: string, example: string): Json {
  const what = operationId === "createBooking" ? "booking" : "change";
  return {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description: `Recommended on every ${what}: 1–255 printable ASCII characters, unique per intended ${what} (a UUID). Remembered for the life of the booking, in one key space with every other creation and change of the property. The same key with the same body replays the ${what}; with a different body it is 422 idempotency_key_reused.`,
    schema: { type: "string", minLength: 1, maxLength: 255 },
    example,
  };
}

function tagOf(path: string): string {
  if (path.startsWith("/webhook-endpoints") || path === "/events") return "Events";
  if (path.startsWith("/bookings")) return "Bookings";
  return path === "/me" || path === "/requests" ? "Account" : "Rooms and prices";
}

/** A media type object with its schema and one named example. */
function jsonContent(schema: string, example: { summary: string; value: unknown } | undefined): Json {
  return { "application/json": { schema: schemaRef(schema), ...(example ? { examples: { example } } : {}) } };
}

function operation(op: Operation, example: OperationExample): Json {
  const { request, response } = example;
  const query = queryParameters(op.query, request.query);
  const pathIds: Record<string, string> = request.path ?? {};
  const location = op.success.headers?.Location as Json | undefined;
  const id = (response?.value as { id?: string } | undefined)?.id;
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description}\n\nScope: **${op.scope}**${op.scope === "write" ? " (Starter plan or higher, and a key with write scope)" : ""}.`,
    tags: [tagOf(op.path)],
    parameters: [
      ...(op.pathParams ?? []).map((p) => {
        const { description: _description, ...schema } = fieldSchema(p.schema);
        void _description;
        return { name: p.name, in: "path", required: true, description: p.description, schema, example: pathIds[p.name] };
      }),
      ...query,
      ...(request.headers?.["Idempotency-Key"] ? [idempotencyKeyParameter(op.operationId, request.headers["Idempotency-Key"])] : []),
    ],
    ...(op.body ? { requestBody: { required: op.body.required, content: jsonContent(op.body.schema, { summary: request.summary, value: request.body }) } } : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: {
          ...responseHeaders(op.success.status),
          ...(op.success.headers ?? {}),
          ...(location && id ? { Location: { ...location, example: `/partner/v1${op.path.replace(/\/\{id\}$/, "")}/${id}` } } : {}),
        },
        ...(op.success.schema ? { content: jsonContent(op.success.schema, response) } : {}),
      },
      ...errorResponses(op.errors),
    },
    "x-codeSamples": [
      { lang: "Shell", label: "curl", source: curlSample(op.method.toUpperCase(), op.path, request, query.filter((p) => p.required).map((p) => String(p.name))) },
    ],
  };
}

/** What your webhook endpoints receive (POST /webhook-endpoints): one entry per event type. */
function eventWebhooks(today: CalendarDate): Json {
  const examples = webhookExamples(today);
  const header = (name: string, description: string, example: string) => ({ name, in: "header", required: true, description, schema: { type: "string" }, example });
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const example = examples[type];
      const parameters = [
        header("webhook-id", "The event's id (evt_…): the same on every retry and replay. Drop duplicates by it.", example.headers["webhook-id"]!),
        header("webhook-timestamp", "When this attempt was signed, Unix seconds. Refuse old ones (the standardwebhooks library allows 5 minutes).", example.headers["webhook-timestamp"]!),
        header(
          "webhook-signature",
          "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` under your whsec_ secret; two, space-separated, for 24 hours after a rotation.",
          example.headers["webhook-signature"]!,
        ),
      ];
      return [
        type,
        {
          post: {
            operationId: `${type.replace(".", "_")}_webhook`,
            summary: {
              "booking.created": "A booking was made",
              "booking.changed": "A booking was changed",
              "booking.cancelled": "A booking was cancelled",
              "booking.anonymised": "A booking's guest was erased",
              "booking_group.anonymised": "A booking group's booker was erased",
              "ari.changed": "A room type's availability, prices or restrictions changed",
            }[type],
            description:
              "Sent to each of the property's enabled endpoints that subscribe to it, signed (Standard Webhooks). At least once, in no guaranteed order; retried for about three days until you answer 2xx within 10 seconds. Ignore event types you do not know." +
              {
                "booking.created": "",
                "booking.changed": "",
                "booking.cancelled": "",
                "ari.changed":
                  " Only endpoints that name `ari.changed` in their `events` get it (an endpoint made without `events` gets the booking events and the erasures only). Changes to one room type within a few seconds come as one event: its range covers them all. Read `GET /rates` for the range and replace your copy of those nights (see Keeping a copy of our ARI).",
                "booking.anonymised":
                  " It carries the booking's ids, never the guest: delete what you keep of the guest (names, e-mail, anything you stored with them). Endpoints made without `events` get it, and so did those that took booking.created before it existed.",
                "booking_group.anonymised":
                  " It carries the group's ids, never the booker: delete what you keep of the booker (names, e-mail, anything you stored with them). Each room's own guest is erased by its booking.anonymised. Endpoints made without `events` get it, and so did those that took booking.anonymised before it existed.",
              }[type],
            tags: ["Events"],
            parameters,
            requestBody: { required: true, content: jsonContent("Event", { summary: example.summary, value: example.body }) },
            responses: { "200": { description: "Received (any 2xx)." } },
          },
        },
      ];
    }),
  );
}

let cached: { day: CalendarDate; document: Json } | undefined;

/**
 * The OpenAPI 3.1 document of the partner API, generated from the zod schemas the routes
 * validate with. Its examples' dates count from the day it is built (UTC), so it is built
 * again each day: yesterday's example stay would soon be in the past.
 */
export function openApiDocument(clock: Clock = systemClock): Json {
  const today = dateInTimeZone(clock.now(), "UTC");
  if (cached?.day === today) return cached.document;
  const examples = operationExamples(today);
  const stay = examples.searchAvailability.request.query;
  const longer = examples.changeBooking.request.body;
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation(op, examples[op.operationId]) };
  const limits = Object.entries(PLAN_RULES)
    .map(([plan, rules]) => `${rules.label} (\`${plan}\`): ${rules.requestsPerMinute.toLocaleString("en-US")} requests per minute${rules.canWrite ? "" : ", read only"}`)
    .join("; ");
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Room Booking Partner API",
      version: "1.0.0",
      summary: "Availability, prices and bookings of a hotel, for partners' servers.",
      description: GETTING_STARTED.replace("{limits}", limits)
        .replace("{maxBody}", String(MAX_BODY_BYTES / 1024))
        .replaceAll("{checkin}", stay.checkin)
        .replace("{checkout}", stay.checkout)
        .replaceAll("{base}", CURL_BASE)
        .replaceAll("{longerCheckout}", longer.checkout)
        .replace("{longerPrice}", JSON.stringify(longer.expectedPrice)),
      contact: { name: "Room Booking partner support", email: "partners@room-booking.example" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/partner/v1", description: "This server" }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: "Account", description: "The key and its property, and the requests your keys made (the request log)." },
      { name: "Rooms and prices", description: "Room types, availability and the rates calendar." },
      { name: "Bookings", description: "Create, read, change and cancel bookings." },
      {
        name: "Events",
        description:
          "booking.created, booking.changed and booking.cancelled, pushed to your webhook endpoints (signed, retried for about three days; each endpoint's deliveries listed and replayable) and served by the feed (GET /events) for catching up.",
      },
    ],
    paths,
    webhooks: eventWebhooks(today),
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Your key, from the control panel (Settings › API Keys). Keep it on your server." },
      },
      schemas: componentSchemas("input", COMPONENTS),
    },
  };
  giveCompositionsTheirType(document);
  cached = { day: today, document };
  return document;
}
