import type { ProblemCode } from "@/lib/schemas/problem";

/** Every error code of the partner API: what causes it and what to do. Shown in /docs/errors and the OpenAPI document. */
export const ERROR_CATALOGUE: Record<ProblemCode, { when: string; todo: string }> = {
  invalid_request: {
    when: "The request is malformed: the body is not valid JSON or not an object, a body is missing, or a header such as Idempotency-Key is empty, over 255 characters or not printable ASCII, or a Test-Scenario header with a live key.",
    todo: "Fix the request as `detail` says; do not retry it unchanged.",
  },
  validation_failed: {
    when: "A query parameter or body field breaks a rule (a date that is not a date, a check-in in the past, more than 30 nights, an unknown field or parameter), or a test key's Test-Scenario header names no scenario the operation plays.",
    todo: "Read `errors`: each entry names the field and what is wrong with it.",
  },
  missing_api_key: { when: "The X-Api-Key header is absent.", todo: "Send your key in X-Api-Key on every request." },
  invalid_api_key: {
    when: "The key is unknown, malformed, revoked or was rotated out.",
    todo: "Check the key in the control panel (Settings › API Keys); after a rotation, use the new value.",
  },
  plan_upgrade_required: {
    when: "A write operation (creating or cancelling a booking) with a key of a property on the Free plan.",
    todo: "The property needs the Starter plan or higher to write.",
  },
  insufficient_scope: {
    when: "A write operation with a key created with read scope on a paid plan.",
    todo: "Use a key with write scope (create one in the control panel).",
  },
  not_found: {
    when: "No such path, or no such resource at the key's property (a resource of another property is also not found).",
    todo: "Check the id and the path; ids come from this API's own responses.",
  },
  method_not_allowed: { when: "The path exists but not with this method.", todo: "Use a method from the Allow header." },
  no_availability: {
    when: "The room type cannot take the stay: a night is sold out or closed (`night`, and `detail`, name the first one). Another booking may have taken the last room since you searched.",
    todo: "Search availability again and offer the guest another room type or dates.",
  },
  stay_restricted: {
    when: "The stay breaks one of the hotel's stay restrictions for the room type: a minimum or maximum stay (read on the arrival night), no arrivals on the check-in date or no departures on the check-out date. `restriction` names the rule, the date and its value; `detail` says it in words.",
    todo: "Offer the guest a stay that meets the rule (GET /rates shows each night's minStay, maxStay, closedToArrival and closedToDeparture); GET /availability only offers stays that meet them.",
  },
  booking_not_cancellable: {
    when: "The booking's check-in date is before today at the property.",
    todo: "Past stays cannot be cancelled through the API; contact the hotel.",
  },
  booking_not_changeable: {
    when: "The booking cannot change so: it is cancelled, its stay has ended (check-out today or earlier at the property), or its stay has started and the request moves its check-in or room type (`detail` names the field).",
    todo: "A stay in progress may still change its check-out (tomorrow at the earliest), adults, guest and externalReference; for anything else, contact the hotel.",
  },
  booking_not_anonymisable: {
    when: "The booking's stay has not ended: it is confirmed and its check-out is after today at the property. A guest's data is erased only once the hotel no longer needs it for the stay.",
    todo: "Cancel the booking first if the guest will not come, or send the request again after the check-out date.",
  },
  price_changed: {
    when: "The change would cost a total other than your `expectedPrice` (a rate moved since your dry run). Nothing was changed.",
    todo: "Show the guest the problem's `price` and `nightly` (the change's price now) and, if they agree, send the change again with that `expectedPrice`.",
  },
  cursor_expired: {
    when: "The events cursor was handed out more than 30 days ago: events after it may have been pruned (events are kept 30 days).",
    todo: "Catch up from GET /bookings?updatedSince=… and then read the feed again from its start (no `after`).",
  },
  idempotency_key_in_use: {
    when: "Another request with this Idempotency-Key is still being processed after 5 seconds.",
    todo: "Retry after the Retry-After seconds with the same key and body: you will get its booking.",
  },
  payload_too_large: { when: "The body is over 16 KiB.", todo: "Send only the documented fields." },
  unsupported_media_type: { when: "A body that is not JSON (Content-Type is not application/json).", todo: "Send JSON with Content-Type: application/json." },
  idempotency_key_reused: {
    when: "The Idempotency-Key was used before for a different request.",
    todo: "Use a new key for a genuinely new booking; reuse a key only to retry the same request.",
  },
  unknown_room_type: { when: "roomTypeId names no room type of the key's property.", todo: "Take roomTypeId from /availability or /room-types." },
  unknown_rate_plan: {
    when: "ratePlanId names no rate plan of the key's property, or one that is no longer offered (deactivated) or is not sold for the room type.",
    todo: "Take ratePlanId from an offer of GET /availability (or GET /rate-plans and its roomTypeIds), or leave it out for the Standard plan.",
  },
  occupancy_exceeded: {
    when: "The party does not fit the room type: more adults than maxAdults, more children than maxChildren, or more guests in all than maxOccupancy. `limit` names the first broken, with its value: { \"name\": \"maxChildren\", \"value\": 0 }.",
    todo: "Search availability with the whole party (adults and childrenAges): it lists only the room types the party fits. Or book several rooms.",
  },
  rate_limited: {
    when: "Over the plan's requests per minute for the property (all its keys count together), or too many invalid keys from one address.",
    todo: "Wait Retry-After seconds. Watch the RateLimit headers to stay under the limit.",
  },
  internal_error: {
    when: "A bug on our side. Nothing is half-done.",
    todo: "Retry with the same Idempotency-Key (safe), and tell us the requestId if it persists.",
  },
  service_unavailable: {
    when: "The database is briefly unreachable.",
    todo: "Retry after Retry-After seconds with the same Idempotency-Key (safe).",
  },
};
