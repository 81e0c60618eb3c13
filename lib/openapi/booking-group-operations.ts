import { BookingGroupListQuerySchema } from "@/lib/schemas/booking-groups";
import { BookingGroupIdSchema } from "@/lib/schemas/common";
import { BOOKING_REFUSALS, createdHeaders, WRITE, type Operation } from "./operation-parts";

/** The booking groups' operations (issue 38), in the order the document lists them, after a booking's. */
export const BOOKING_GROUP_OPERATIONS: Operation[] = [
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
    path: "/booking-groups",
    operationId: "listBookingGroups",
    summary: "The property's booking groups",
    description:
      "Newest first, a page at a time (follow nextCursor), each group with its rooms. Filter by the group's reference (the one its booker was given, to answer their call or their \"find my booking\") or by your externalReference.",
    scope: "read",
    query: BookingGroupListQuerySchema,
    success: { status: 200, schema: "BookingGroupList", description: "A page of booking groups." },
    errors: ["validation_failed"],
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
];
