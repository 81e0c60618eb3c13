import type { OccupancyLimit } from "@/lib/rate-plans/party-price";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { FieldError } from "@/lib/errors";
import type { BookingGroupView } from "@/lib/schemas/booking-groups";
import type { BookingView } from "@/lib/schemas/bookings";
import type { ChangeableField } from "./plan-booking-change";

/**
 * What creating, changing or cancelling a booking did: done (created, changed, cancelled; or
 * nothing to do: unchanged; or a dry run's quote), replayed (the same Idempotency-Key and
 * request again: the booking as it stands), or refused, with the refusal's facts. A refusal
 * wrote nothing. Every door turns a refusal into words with refusalError (booking-refusals.ts).
 */
export type BookingOutcome = CreateOutcome | ChangeOutcome | CancelOutcome | GroupCreateOutcome | GroupCancelOutcome;

export type CreateOutcome = { kind: "created"; booking: BookingView } | Replayed | BookingRefusal;

export type ChangeOutcome =
  | { kind: "changed"; booking: BookingView; changed: ChangeableField[] }
  /** A dry run: the booking as the change would leave it; nothing stored, nothing held. */
  | { kind: "quote"; booking: BookingView; changed: ChangeableField[] }
  /** The request names only what the booking already has. */
  | { kind: "unchanged"; booking: BookingView }
  | Replayed
  | BookingRefusal;

/** unchanged: it was cancelled already (cancelling again changes nothing). */
export type CancelOutcome = { kind: "cancelled"; booking: BookingView } | { kind: "unchanged"; booking: BookingView } | BookingRefusal;

export type Replayed = { kind: "replayed"; booking: BookingView };

/** A booking group's refusal names the room it is about (its index in the request's rooms), when it is about one. */
export type GroupRefusal = BookingRefusal & { room?: number };

export type GroupCreateOutcome = { kind: "created"; group: BookingGroupView } | { kind: "replayed"; group: BookingGroupView } | GroupRefusal;

/** unchanged: no room was left to cancel. */
export type GroupCancelOutcome = { kind: "cancelled"; group: BookingGroupView } | { kind: "unchanged"; group: BookingGroupView } | GroupRefusal;

/** A stay restriction a stay breaks (the SQL function stay_restriction's answer). */
export type StayRestriction = { rule: "min_stay" | "max_stay" | "closed_to_arrival" | "closed_to_departure"; date: string; value: number | boolean };

/** Why a booking was not created, changed or cancelled, with the facts its words need. */
export type BookingRefusal =
  | { kind: "not_found"; bookingId: string }
  | { kind: "group_not_found"; groupId: string }
  /** field: the field that may not change, if one. */
  | { kind: "not_changeable"; field: ChangeableField | null; message: string }
  | { kind: "not_cancellable"; checkin: CalendarDate; today: CalendarDate }
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "unknown_room_type"; roomTypeId: string }
  /** The party does not fit the room type: the first of its limits it breaks (party-price.ts: occupancyLimitBroken). */
  | { kind: "occupancy_exceeded"; name: string; limit: OccupancyLimit; adults: number; children: number }
  | { kind: "unknown_rate_plan"; ratePlanId: string; name: string }
  | { kind: "stay_restricted"; restriction: StayRestriction }
  | { kind: "no_availability"; name: string; night: CalendarDate; reason: string }
  /** expectedPrice was not the change's price: the booking as the change would leave it. */
  | { kind: "price_changed"; booking: BookingView }
  /** bookingId: the booking the key made or changed, when known. */
  | { kind: "idempotency_key_reused"; bookingId?: string }
  | { kind: "idempotency_key_in_use" };

const REFUSALS = new Set<string>([
  "not_found",
  "group_not_found",
  "not_changeable",
  "not_cancellable",
  "invalid",
  "unknown_room_type",
  "occupancy_exceeded",
  "unknown_rate_plan",
  "stay_restricted",
  "no_availability",
  "price_changed",
  "idempotency_key_reused",
  "idempotency_key_in_use",
] satisfies BookingRefusal["kind"][]);

export function isRefusal(outcome: BookingOutcome | BookingRefusal): outcome is BookingRefusal {
  return REFUSALS.has(outcome.kind);
}
