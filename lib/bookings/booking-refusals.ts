import { DomainError, validationFailed } from "@/lib/errors";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { ChangeBookingOutcome } from "./change-booking";

/** The room type cannot take the stay: the first night it cannot (creations and changes alike). */
export function noAvailability(refusal: { name: string; night: string; reason: string }): DomainError {
  return new DomainError("no_availability", `${refusal.name} is not available on the night of ${refusal.night}: ${refusal.reason}.`, {
    night: refusal.night,
    problem: { night: refusal.night },
  });
}

/** A stay restriction a stay breaks (the SQL function stay_restriction's answer). */
export type StayRestriction = { rule: "min_stay" | "max_stay" | "closed_to_arrival" | "closed_to_departure"; date: string; value: number | boolean };

function nightsWord(count: number): string {
  return count === 1 ? "1 night" : `${count} nights`;
}

/** The stay breaks a restriction of the room type: the rule and date in words (`detail`) and for machines (`restriction`). */
export function stayRestricted(restriction: StayRestriction): DomainError {
  const { rule, date, value } = restriction;
  const detail = {
    min_stay: `Stays arriving on ${date} must be at least ${nightsWord(Number(value))}.`,
    max_stay: `Stays arriving on ${date} must be at most ${nightsWord(Number(value))}.`,
    closed_to_arrival: `No arrivals on ${date}: the hotel does not take check-ins that day.`,
    closed_to_departure: `No departures on ${date}: the hotel does not take check-outs that day.`,
  }[rule];
  return new DomainError("stay_restricted", detail, { problem: { restriction } });
}

export function occupancyExceeded(refusal: { name: string; maxAdults: number }, adults: number): DomainError {
  return new DomainError("occupancy_exceeded", `${refusal.name} takes at most ${refusal.maxAdults} adult(s); ${adults} requested.`, { maxAdults: refusal.maxAdults });
}

export const KEY_REUSED = "This Idempotency-Key was already used for a different request. Use a new key for each booking and each change.";
export const KEY_IN_USE = "A request with this Idempotency-Key is still being processed. Retry in a moment.";

type Refusal = Exclude<ChangeBookingOutcome, { kind: "changed" | "replayed" | "quote" | "unchanged" }>;

/** A refused change as the error every door reports (the API's problem codes; the panel shows the message). */
export function changeRefusal(refusal: Refusal, request: { bookingId: string; adults?: number }): DomainError {
  switch (refusal.kind) {
    case "not_found":
      return new DomainError("not_found", `No booking "${request.bookingId}" at this property.`);
    case "not_changeable":
      return new DomainError("booking_not_changeable", refusal.message, { field: refusal.field });
    case "invalid":
      return validationFailed(refusal.errors);
    case "unknown_room_type":
      return new DomainError("unknown_room_type", `No room type "${refusal.roomTypeId}" at this property.`);
    case "occupancy_exceeded":
      return occupancyExceeded(refusal, request.adults ?? 0);
    case "no_availability":
      return noAvailability(refusal);
    case "unknown_rate_plan":
      return unknownRatePlan(refusal.ratePlanId, refusal.name);
    case "stay_restricted":
      return stayRestricted(refusal.restriction);
    case "price_changed":
      return new DomainError(
        "price_changed",
        `The change now costs ${refusal.booking.price.amount} ${refusal.booking.price.currency} (minor units), not the expectedPrice sent. Nothing was changed.`,
        { problem: { price: refusal.booking.price, nightly: refusal.booking.nightly } },
      );
    case "idempotency_key_reused":
      return new DomainError("idempotency_key_reused", KEY_REUSED);
    case "idempotency_key_in_use":
      return new DomainError("idempotency_key_in_use", KEY_IN_USE);
  }
}
