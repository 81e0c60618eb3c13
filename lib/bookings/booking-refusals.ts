import { DomainError, validationFailed } from "@/lib/errors";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import { isRefusal, type BookingOutcome, type BookingRefusal, type GroupRefusal, type StayRestriction } from "./booking-outcome";

export const KEY_REUSED = "This Idempotency-Key was already used for a different request. Use a new key for each booking and each change.";
export const KEY_IN_USE = "A request with this Idempotency-Key is still being processed. Retry in a moment.";

/**
 * A refused creation, change or cancellation as the error every door reports: the API's problem
 * (its code, words and facts: lib/http maps the code to a status), the panel's message, the
 * admin CLI's. The one mapping of refusals to words. A booking group's refusal about one of its
 * rooms says which ("Room 2: …") and carries it as `room` (its index from 0).
 */
export function refusalError(refusal: GroupRefusal): DomainError {
  const error = bookingRefusalError(refusal);
  if (refusal.room === undefined) return error;
  const problem = { ...(error.details.problem as object | undefined), room: refusal.room };
  return new DomainError(error.code, `Room ${refusal.room + 1} (rooms[${refusal.room}]): ${error.message}`, { ...error.details, problem });
}

function bookingRefusalError(refusal: BookingRefusal): DomainError {
  switch (refusal.kind) {
    case "not_found":
      return new DomainError("not_found", `No booking "${refusal.bookingId}" at this property.`);
    case "group_not_found":
      return new DomainError("not_found", `No booking group "${refusal.groupId}" at this property.`);
    case "not_changeable":
      return new DomainError("booking_not_changeable", refusal.message, { field: refusal.field });
    case "not_cancellable":
      return new DomainError("booking_not_cancellable", `The check-in date ${refusal.checkin} has passed at the property (today is ${refusal.today}).`);
    case "invalid":
      return validationFailed(refusal.errors);
    case "unknown_room_type":
      return new DomainError("unknown_room_type", `No room type "${refusal.roomTypeId}" at this property.`);
    case "occupancy_exceeded":
      return occupancyExceeded(refusal);
    case "unknown_rate_plan":
      return unknownRatePlan(refusal.ratePlanId, refusal.name);
    case "stay_restricted":
      return stayRestricted(refusal.restriction);
    case "no_availability":
      return new DomainError("no_availability", `${refusal.name} is not available on the night of ${refusal.night}: ${refusal.reason}.`, {
        night: refusal.night,
        problem: { night: refusal.night },
      });
    case "price_changed":
      return new DomainError(
        "price_changed",
        `The change now costs ${refusal.booking.price.amount} ${refusal.booking.price.currency} (minor units), not the expectedPrice sent. Nothing was changed.`,
        { problem: { price: refusal.booking.price, nightly: refusal.booking.nightly } },
      );
    case "idempotency_key_reused":
      return new DomainError("idempotency_key_reused", KEY_REUSED, refusal.bookingId ? { bookingId: refusal.bookingId } : {});
    case "idempotency_key_in_use":
      return new DomainError("idempotency_key_in_use", KEY_IN_USE);
  }
}

/** What a door that answers with errors (the API, the admin CLI, a tool) does with an outcome: a refusal is thrown as its error. */
export function unlessRefused<T extends BookingOutcome>(outcome: T): Exclude<T, GroupRefusal> {
  if (isRefusal(outcome)) throw refusalError(outcome);
  return outcome as Exclude<T, GroupRefusal>;
}

/** The party does not fit: the limit it breaks in words (v1's words for adults) and for machines (`limit`). */
function occupancyExceeded({ name, limit, adults, children }: Extract<BookingRefusal, { kind: "occupancy_exceeded" }>): DomainError {
  const detail = {
    maxAdults: `${name} takes at most ${limit.value} adult(s); ${adults} requested.`,
    maxChildren: limit.value === 0 ? `${name} takes no children; ${children} requested.` : `${name} takes at most ${limit.value} child(ren); ${children} requested.`,
    maxOccupancy: `${name} takes at most ${limit.value} guests in all, adults and children; ${adults + children} requested.`,
  }[limit.name];
  return new DomainError("occupancy_exceeded", detail, { problem: { limit } });
}

function nightsWord(count: number): string {
  return count === 1 ? "1 night" : `${count} nights`;
}

/** The stay breaks a restriction of the room type: the rule and date in words (`detail`) and for machines (`restriction`). */
function stayRestricted(restriction: StayRestriction): DomainError {
  const { rule, date, value } = restriction;
  const detail = {
    min_stay: `Stays arriving on ${date} must be at least ${nightsWord(Number(value))}.`,
    max_stay: `Stays arriving on ${date} must be at most ${nightsWord(Number(value))}.`,
    closed_to_arrival: `No arrivals on ${date}: the hotel does not take check-ins that day.`,
    closed_to_departure: `No departures on ${date}: the hotel does not take check-outs that day.`,
  }[rule];
  return new DomainError("stay_restricted", detail, { problem: { restriction } });
}
