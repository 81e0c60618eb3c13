import { addDays, daysBetween, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import type { FieldError } from "@/lib/errors";
import type { BookingChangePrevious, BookingView } from "@/lib/schemas/bookings";
import { partySizeErrors } from "@/lib/rate-plans/party-price";
import { MAX_NIGHTS, stayRuleErrors } from "./stay-rules";

/**
 * What a change of a booking would do, decided from the booking and today at the property
 * alone (the first half of a booking change, issue 20; the transaction that locks the nights,
 * checks the room type and moves the counters is the second). Its invariants:
 *
 * - Only a confirmed booking whose check-out date is after today may change.
 * - Once the check-in date has passed (the stay has started) its check-in and room type stay
 *   as they are; its check-out may move, to tomorrow at the earliest.
 * - A stay not yet started follows the rules of a new one (check-in today or later, at most
 *   730 days ahead, 1 to 30 nights).
 * - The booking keeps every night it already holds (same room type, same date) at the amount
 *   it was booked for; it gives back the nights it leaves and takes the nights it adds. No
 *   night is both kept and taken, and the nights it will hold are exactly kept + taken.
 * - A request that names only the values the booking already has changes nothing.
 * - Another rate plan (ratePlanId) re-prices every night of the stay with it; the same plan
 *   keeps the kept nights' amounts (the transaction checks that the plan may be sold).
 * - The party (adults, childrenAges: all the children as they now are) is at most 20 guests; a
 *   party that changes what it adds to the rate (its extras) re-prices every night (the
 *   transaction decides, from the room type's extras for the new party).
 */

export type BookingChangeRequest = {
  checkin?: CalendarDate;
  checkout?: CalendarDate;
  roomTypeId?: string;
  adults?: number;
  childrenAges?: number[];
  guest?: Partial<BookingView["guest"]>;
  /** null clears it. */
  externalReference?: string | null;
  ratePlanId?: string;
};

export type ChangeableField = "checkin" | "checkout" | "roomTypeId" | "adults" | "childrenAges" | "guest" | "externalReference" | "ratePlanId";

/** A room type's night: the unit of availability. */
export type Night = { roomTypeId: string; date: CalendarDate };

export type BookingChangePlan =
  /** The booking may not change so (booking_not_changeable); `field` names the field that may not, if one. */
  | { kind: "not_changeable"; field: ChangeableField | null; message: string }
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "unchanged" }
  | {
      kind: "change";
      after: Pick<BookingView, "checkin" | "checkout" | "nights" | "roomTypeId" | "adults" | "childrenAges" | "guest" | "externalReference"> & { ratePlanId: string };
      changed: ChangeableField[];
      /** Nights the booking holds before and after, with the amount it was booked for (to be priced again when the plan changes). */
      kept: (Night & { amount: number })[];
      /** Nights it gives back, and nights it takes (priced at the current rate), each in lock order. */
      released: Night[];
      taken: Night[];
    };

type ChangeableBooking = Pick<BookingView, "status" | "checkin" | "checkout" | "roomTypeId" | "adults" | "childrenAges" | "guest" | "externalReference" | "nightly" | "ratePlan">;

export function planBookingChange(booking: ChangeableBooking, request: BookingChangeRequest, today: CalendarDate): BookingChangePlan {
  if (booking.status !== "confirmed") return { kind: "not_changeable", field: null, message: "This booking is cancelled; it cannot change." };
  if (booking.checkout <= today) return { kind: "not_changeable", field: null, message: `This stay ended on ${booking.checkout}; it cannot change.` };

  const after = {
    checkin: request.checkin ?? booking.checkin,
    checkout: request.checkout ?? booking.checkout,
    roomTypeId: request.roomTypeId ?? booking.roomTypeId,
    adults: request.adults ?? booking.adults,
    childrenAges: request.childrenAges ?? booking.childrenAges,
    guest: { ...booking.guest, ...request.guest },
    externalReference: request.externalReference === undefined ? booking.externalReference : request.externalReference,
    ratePlanId: request.ratePlanId ?? booking.ratePlan.id,
  };
  const current = { ...booking, ratePlanId: booking.ratePlan.id };
  const changed = CHANGEABLE.filter((field) => JSON.stringify(after[field]) !== JSON.stringify(current[field]));
  if (changed.length === 0) return { kind: "unchanged" };

  const started = booking.checkin < today;
  if (started) {
    for (const field of ["checkin", "roomTypeId"] as const) {
      if (changed.includes(field)) {
        return { kind: "not_changeable", field, message: `The stay started on ${booking.checkin}: its ${field} can no longer change.` };
      }
    }
  }
  const errors = [...(started ? startedStayErrors(after, today) : stayRuleErrors(after, today)), ...partySizeErrors(after)];
  if (errors.length) return { kind: "invalid", errors };

  const before = nightsOf(booking);
  const next = nightsOf(after);
  const amounts = new Map(booking.nightly.map((night) => [night.date, night.amount]));
  const has = (nights: Night[], night: Night) => nights.some((n) => n.roomTypeId === night.roomTypeId && n.date === night.date);
  return {
    kind: "change",
    after: { ...after, nights: next.length },
    changed,
    kept: next.filter((night) => has(before, night)).map((night) => ({ ...night, amount: amounts.get(night.date)! })),
    released: inLockOrder(before.filter((night) => !has(next, night))),
    taken: inLockOrder(next.filter((night) => !has(before, night))),
  };
}

const CHANGEABLE: ChangeableField[] = ["checkin", "checkout", "roomTypeId", "adults", "childrenAges", "guest", "externalReference", "ratePlanId"];

function nightsOf(stay: { roomTypeId: string; checkin: CalendarDate; checkout: CalendarDate }): Night[] {
  return nightsOfStay(stay.checkin, stay.checkout).map((date) => ({ roomTypeId: stay.roomTypeId, date }));
}

/** A stay in progress: it ends tomorrow at the earliest, and is still at most 30 nights long. */
function startedStayErrors(stay: { checkin: CalendarDate; checkout: CalendarDate }, today: CalendarDate): FieldError[] {
  const tomorrow = addDays(today, 1);
  if (stay.checkout < tomorrow) return [{ field: "checkout", message: `Must be tomorrow at the property (${tomorrow}) or later: the stay has started.` }];
  if (daysBetween(stay.checkin, stay.checkout) > MAX_NIGHTS) return [{ field: "checkout", message: `A stay is at most ${MAX_NIGHTS} nights.` }];
  return [];
}

/**
 * The order in which every write that takes or gives back nights locks their rows: by room
 * type, then date. Two writes that lock in one order wait for each other; they never deadlock.
 */
export function inLockOrder<T extends Night>(nights: T[]): T[] {
  return [...nights].sort((a, b) => (a.roomTypeId === b.roomTypeId ? a.date.localeCompare(b.date) : a.roomTypeId.localeCompare(b.roomTypeId)));
}

/**
 * The booking's nightly prices and total after the change: kept nights at their booked amount
 * (or at `rates` too when `repriceKept`: another rate plan), taken ones at `rates`.
 */
export function priceOfChange(
  plan: Extract<BookingChangePlan, { kind: "change" }>,
  rates: ReadonlyMap<CalendarDate, number>,
  options: { repriceKept?: boolean } = {},
): { nightly: { date: CalendarDate; amount: number }[]; total: number } {
  const priced = options.repriceKept ? [...plan.kept, ...plan.taken] : plan.taken;
  const nightly = [
    ...(options.repriceKept ? [] : plan.kept.map(({ date, amount }) => ({ date, amount }))),
    ...priced.map(({ date }) => {
      const amount = rates.get(date);
      if (amount === undefined) throw new RangeError(`no rate given for the night of ${date}`);
      return { date, amount };
    }),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return { nightly, total: nightly.reduce((sum, night) => sum + night.amount, 0) };
}

const RECORDED: (keyof BookingChangePrevious)[] = ["checkin", "checkout", "nights", "roomTypeId", "adults", "childrenAges", "guest", "price", "nightly", "extras", "externalReference", "ratePlan", "cancellation"];

/** What a change changed, in the booking's own shapes: each differing field before (`previous`, the event's) and after. */
export function describeChange(before: BookingView, after: BookingView): { previous: BookingChangePrevious; current: BookingChangePrevious } {
  const fields = RECORDED.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return {
    previous: Object.fromEntries(fields.map((field) => [field, before[field]])),
    current: Object.fromEntries(fields.map((field) => [field, after[field]])),
  };
}
