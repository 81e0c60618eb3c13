import type { z } from "zod";
import type { ProblemCode } from "@/lib/schemas/problem";
import { AvailabilityQuerySchema } from "@/lib/schemas/availability";
import { BookingListQuerySchema, ChangeBookingQuerySchema } from "@/lib/schemas/bookings";
import { BookingGroupIdSchema, BookingIdSchema, RoomTypeIdSchema } from "@/lib/schemas/common";
import { EventFeedQuerySchema } from "@/lib/schemas/events";
import type { OperationId } from "./examples";
import { RatesQuerySchema } from "@/lib/schemas/rates";
import { RequestLogQuerySchema } from "@/lib/schemas/request-log";
import { DeliveryListQuerySchema, WebhookDeliveryIdSchema } from "@/lib/schemas/webhook-deliveries";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";

type Json = Record<string, unknown>;
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
const WRITE: ProblemCode[] = ["plan_upgrade_required", "insufficient_scope", "invalid_request", "payload_too_large", "unsupported_media_type"];

/** What booking a stay may be refused for: a booking's, and each room's of a booking group. */
const BOOKING_REFUSALS: ProblemCode[] = [
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
function createdHeaders(thing: "booking" | "group"): Json {
  return {
    Location: { description: `The ${thing}'s URL.`, required: true, schema: { type: "string" } },
    "Idempotent-Replayed": {
      description: `\`true\` when this is the ${thing} an earlier request with the same Idempotency-Key made; absent otherwise.`,
      required: false,
      schema: { type: "string", enum: ["true"] },
    },
  };
}

/** The partner API's operations, in the order the document lists them. Their examples are in examples.ts. */
export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/me",
    operationId: "getMe",
    summary: "The key's property, plan and limits",
    description: "Who the key belongs to: the property (with today's date in its time zone), the key and what it can do now, the plan and its rate limit.",
    scope: "read",
    success: { status: 200, schema: "Me", description: "The property, key and plan." },
    errors: [],
  },
  {
    method: "get",
    path: "/availability",
    operationId: "searchAvailability",
    summary: "Room types free for a stay, with prices",
    description:
      "Room types that can take the stay: enough capacity, every night of [checkin, checkout) open with a room free, and the stay restrictions met (min and max stay are read on the arrival night; no arrival or departure on a closed date). Cheapest first. Each room type has `offers`: one per rate plan sold for it, with its price and its cancellation terms in plain dates (`freeUntil`, `feeFrom`, `fee`), cheapest first; its own `price` and `nightly` are the Standard plan's (what a booking without ratePlanId gets). An empty list is a 200: nothing can take it.",
    scope: "read",
    query: AvailabilityQuerySchema,
    success: { status: 200, schema: "Availability", description: "Room types that can take the stay." },
    errors: ["validation_failed", "unknown_rate_plan"],
  },
  {
    method: "get",
    path: "/rate-plans",
    operationId: "listRatePlans",
    summary: "The property's rate plans",
    description:
      "Every rate plan (Standard first): its name, the room types it is sold for, its cancellation policy and whether it is still offered. The price rule is the hotel's business: offers (GET /availability) show its result.",
    scope: "read",
    success: { status: 200, schema: "RatePlanList", description: "The rate plans." },
    errors: ["validation_failed"],
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
  },
  {
    method: "get",
    path: "/rates",
    operationId: "getRates",
    summary: "Price and free-room calendar",
    description:
      "Night by night from `from` to `to` (both included, at most 366 nights; `from` may be in the past): price, rooms free, closed, and the stay restrictions (minStay and maxStay govern stays arriving that night; closedToArrival, closedToDeparture). A night with no calendar row reads amount null, 0 rooms, closed. With ratePlanId, the amounts are that plan's.",
    scope: "read",
    query: RatesQuerySchema,
    success: { status: 200, schema: "Rates", description: "The calendar." },
    errors: ["validation_failed", "unknown_room_type", "unknown_rate_plan"],
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
      headers: createdHeaders("booking"),
    },
    errors: [...WRITE, ...BOOKING_REFUSALS],
  },
  {
    method: "get",
    path: "/bookings",
    operationId: "listBookings",
    summary: "The property's bookings",
    description:
      "Newest first, a page at a time (follow nextCursor). Filter by status, check-in dates, reference, your externalReference or a booking group (groupId); poll with updatedSince to pick up changes made elsewhere, such as a cancellation at the front desk.",
    scope: "read",
    query: BookingListQuerySchema,
    success: { status: 200, schema: "BookingList", description: "A page of bookings." },
    errors: ["validation_failed"],
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
  },
  {
    method: "patch",
    path: "/bookings/{id}",
    operationId: "changeBooking",
    summary: "Change a booking",
    description: [
      "Changes any of checkin, checkout, roomTypeId, adults, guest and externalReference in one atomic step: the booking keeps the nights it already holds and their booked amounts, gives back the nights it leaves and takes the new ones at today's rates. If a new night cannot be had you get 409 no_availability and the booking is exactly as before; no room is ever lost in between, and nothing is ever oversold.",
      "Preview first: `?dryRun=true` answers with the booking as it would be (its new `price` and `nightly`; its `updatedAt` the stored one, since nothing changed), marked `Preview: true`, and stores nothing. Then send the change with that total as `expectedPrice`: if the price moved in between, 409 price_changed carries the new quote and nothing changes.",
      "Send an Idempotency-Key with every change (one key space with creations): a retry with the same key and body replays the result (200, Idempotent-Replayed: true) and never changes twice. A request that changes nothing returns the booking (200) and writes no event.",
      "Only confirmed bookings whose check-out is after today at the property change (else 409 booking_not_changeable). Once the stay has started, only checkout (tomorrow at the earliest), adults, guest and externalReference may change. Each change sends one booking.changed event with the previous values of what changed.",
    ].join("\n\n"),
    scope: "write",
    query: ChangeBookingQuerySchema,
    pathParams: [{ name: "id", description: "Booking id (bk_…). A malformed id is answered 404, as an unknown one.", schema: BookingIdSchema }],
    body: { schema: "ChangeBooking", required: true },
    success: {
      status: 200,
      schema: "Booking",
      description: "The booking as it now stands (with dryRun=true: as it would be after the change, `Preview: true`; nothing stored).",
      headers: {
        "Idempotent-Replayed": {
          description: "`true` when an earlier request with the same Idempotency-Key made this change; absent otherwise.",
          required: false,
          schema: { type: "string", enum: ["true"] },
        },
        Preview: {
          description: "`true` on a dry run (`?dryRun=true`): the booking as the change would make it, nothing stored; absent otherwise.",
          required: false,
          schema: { type: "string", enum: ["true"] },
        },
      },
    },
    errors: [
      ...WRITE,
      "not_found",
      "validation_failed",
      "booking_not_changeable",
      "unknown_room_type",
      "unknown_rate_plan",
      "occupancy_exceeded",
      "stay_restricted",
      "no_availability",
      "price_changed",
      "idempotency_key_reused",
      "idempotency_key_in_use",
    ],
  },
  {
    method: "post",
    path: "/bookings/{id}/cancel",
    operationId: "cancelBooking",
    summary: "Cancel a booking",
    description:
      "Possible until the check-in date has passed at the property; its nights are for sale again at once. What it costs comes from the booking's own cancellation terms and the time of cancelling: nothing before `cancellation.feeFrom`, `cancellation.fee` from then on (at once when not refundable). The cancelled booking, and its booking.cancelled event, carry it as `cancellationFee` (amount 0 when free). Under the Standard plan it is always free. Cancelling a cancelled booking returns it unchanged (200). The body is optional.",
    scope: "write",
    pathParams: [{ name: "id", description: "Booking id (bk_…). A malformed id is answered 404, as an unknown one.", schema: BookingIdSchema }],
    body: { schema: "CancelBooking", required: false },
    success: { status: 200, schema: "Booking", description: "The cancelled booking." },
    errors: [...WRITE, "not_found", "validation_failed", "booking_not_cancellable"],
  },
  {
    method: "post",
    path: "/booking-groups",
    operationId: "createBookingGroup",
    summary: "Book several rooms at once",
    description: [
      "Books 2 to 10 rooms for one stay, all or none: in one transaction every room is booked, or none is and nothing is held. Each room has its own party (adults, childrenAges), room type, rate plan and guest (the booker when left out), and obeys every rule of a single booking. A refusal names the room (`room`: its index in `rooms`, from 0) and, for no_availability, the night; two groups racing for the last rooms never both get part of them, and a group racing single bookings never oversells a night.",
      "Each room is a full booking with its own id and reference, carrying the group's id as `groupId`: read, change (PATCH) or cancel it alone through /bookings as any booking, or list the group's rooms with GET /bookings?groupId=. Each room sends its own booking.created event (with groupId); the booker gets one e-mail for the whole group.",
      "Send an Idempotency-Key (one key space with bookings and changes): a retry with the same key and body returns the same group (201, Idempotent-Replayed: true) and never books twice.",
    ].join("\n\n"),
    scope: "write",
    body: { schema: "CreateBookingGroup", required: true },
    success: {
      status: 201,
      schema: "BookingGroup",
      description: "The group and its rooms (also when replayed for a repeated Idempotency-Key).",
      headers: createdHeaders("group"),
    },
    errors: [...WRITE, ...BOOKING_REFUSALS],
  },
  {
    method: "get",
    path: "/booking-groups/{id}",
    operationId: "getBookingGroup",
    summary: "One booking group",
    description:
      "A group of the key's property (404 for any other), with each room's booking as it now stands, in the order of the request's rooms. Its status is confirmed while every room is, cancelled once every room is, partly_cancelled between.",
    scope: "read",
    pathParams: [{ name: "id", description: "Booking group id (grp_…). A malformed id is answered 404, as an unknown one.", schema: BookingGroupIdSchema }],
    success: { status: 200, schema: "BookingGroup", description: "The group." },
    errors: ["not_found", "validation_failed"],
  },
  {
    method: "post",
    path: "/booking-groups/{id}/cancel",
    operationId: "cancelBookingGroup",
    summary: "Cancel every room of a group",
    description:
      "Cancels every room still confirmed, together, as POST /bookings/{id}/cancel cancels one: each room with its own fee under its own terms (the group's `cancellationFee` adds them up), a booking.cancelled event for each room it cancelled. Rooms cancelled alone before stay as they are. Possible until the check-in date has passed at the property. Cancelling a group with no room left to cancel returns it unchanged (200). The body is optional.",
    scope: "write",
    pathParams: [{ name: "id", description: "Booking group id (grp_…). A malformed id is answered 404, as an unknown one.", schema: BookingGroupIdSchema }],
    body: { schema: "CancelBookingGroup", required: false },
    success: { status: 200, schema: "BookingGroup", description: "The group, its rooms cancelled." },
    errors: [...WRITE, "not_found", "validation_failed", "booking_not_cancellable"],
  },
  {
    method: "get",
    path: "/events",
    operationId: "listEvents",
    summary: "The event feed: booking changes, in order",
    description:
      "Every booking.created, booking.changed and booking.cancelled of the property, whichever door made the change (this API, the control panel, the hotel's site), oldest first after `after`. Poll it to catch up, after an outage or instead of webhooks: you see every event exactly once, in an order that never changes (an event appears once every transaction older than it has finished). Events are kept 30 days; a cursor older than that is 410 cursor_expired.",
    scope: "read",
    query: EventFeedQuerySchema,
    success: { status: 200, schema: "EventFeed", description: "A page of events." },
    errors: ["validation_failed", "cursor_expired"],
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
  },
  {
    method: "get",
    path: "/webhook-endpoints/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "An endpoint's deliveries",
    description:
      "What was sent to one of your endpoints in the last 30 days, newest first: each event's delivery with its attempts (time, your server's status code, duration, error) and the next retry while it is pending. The endpoint must be one you may see (see the list).",
    scope: "read",
    query: DeliveryListQuerySchema,
    pathParams: [{ name: "id", description: "Endpoint id (whe_…).", schema: WebhookEndpointIdSchema }],
    success: { status: 200, schema: "WebhookDeliveryList", description: "A page of deliveries." },
    errors: ["not_found", "validation_failed"],
  },
  {
    method: "post",
    path: "/webhook-endpoints/{id}/deliveries/{deliveryId}/replay",
    operationId: "replayWebhookDelivery",
    summary: "Send a delivery again",
    description:
      "Sends the delivery again now, whatever became of it: the same event id and body with a fresh signature, then retried as usual if it fails. It is pending again, its attempts continue in the same record. A disabled endpoint must be enabled first (400 invalid_request).",
    scope: "write",
    pathParams: [
      { name: "id", description: "Endpoint id (whe_…).", schema: WebhookEndpointIdSchema },
      { name: "deliveryId", description: "Delivery id (whd_…).", schema: WebhookDeliveryIdSchema },
    ],
    success: { status: 202, schema: "WebhookDelivery", description: "The delivery, pending: it goes out within seconds." },
    errors: [...WRITE, "not_found", "validation_failed"],
  },
  {
    method: "get",
    path: "/requests",
    operationId: "listRequests",
    summary: "Your requests (the request log)",
    description:
      "The requests this key made, and the keys it replaced on rotation, newest first: the last 7 days, at most the property's newest 10,000. Each has its time, method, path template and the id it named or created, status, problem code, X-Request-Id, duration, the key's label and hint, the Idempotency-Key you sent and whether the answer was a replay. Never a body, a key or guest data. Entries appear within a second of the answer.",
    scope: "read",
    query: RequestLogQuerySchema,
    success: { status: 200, schema: "RequestLog", description: "A page of requests." },
    errors: ["validation_failed"],
  },
  {
    method: "put",
    path: "/test-clock",
    operationId: "setTestClock",
    summary: "Move a test twin's today (test keys)",
    description:
      "Test mode only: moves the test twin's today, so that cancellation deadlines (`freeUntil`, `feeFrom`), changeability and stays in progress can be tried without waiting. Every rule reads it (availability's earliest check-in, changes, cancellation fees, `booking_not_cancellable`); event and request timestamps stay real. From the real today at the property to 730 days after it; it stays at the date set until moved again or cleared. A live key gets 400 `invalid_request`.",
    scope: "write",
    body: { schema: "TestClockInput", required: true },
    success: { status: 200, schema: "TestClock", description: "The twin's today." },
    errors: [...WRITE, "validation_failed"],
  },
  {
    method: "delete",
    path: "/test-clock",
    operationId: "resetTestClock",
    summary: "Put a test twin's today back to the real date (test keys)",
    description: "Test mode only: today is the real date at the property again. A live key gets 400 `invalid_request`.",
    scope: "write",
    success: { status: 200, schema: "TestClock", description: "The twin's today: the real date." },
    errors: [...WRITE, "validation_failed"],
  },
];
