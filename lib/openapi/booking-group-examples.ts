import { addDays, daysBetween, type CalendarDate } from "@/lib/dates/calendar-date";
import type { BookingGroupListQuerySchema, BookingGroupListSchema, BookingGroupView, CancelBookingGroupSchema, CreateBookingGroupSchema } from "@/lib/schemas/booking-groups";
import type { BookingView } from "@/lib/schemas/bookings";
import { bookingsCursor } from "./example-cursors";
import { EXAMPLE_IDS } from "./example-ids";
import { priced, RATE_PLANS, STORY_CURRENCY, STORY_FAMILY, STORY_FAMILY_EXTRAS, termsOf } from "./example-prices";
import type { Input, OperationExample, Output } from "./example-types";

/** A new UUID per intended group, as for a booking. */
export const EXAMPLE_GROUP_IDEMPOTENCY_KEY = "6a0e2d94-1f7b-4c53-8e9a-27b5d3c8f1e6";

const BOOKER = { firstName: "Ana", lastName: "Silva", email: "ana.silva@example.com" };
const GRANDPARENTS = { firstName: "Rui", lastName: "Silva", email: "rui.silva@example.com" };
const EXTERNAL_REFERENCE = "PX-100517";

/**
 * The story's booking group: the family (two adults, children of 4 and 9) in the Family Suite and
 * the grandparents in a Double, two nights five weeks ahead, booked at once; then cancelled whole.
 */
export function bookingGroupExamples(today: CalendarDate) {
  const checkin = addDays(today, 35);
  const checkout = addDays(checkin, 2);
  const createdAt = `${addDays(today, -1)}T11:20:44.518Z`;
  const perNight = STORY_FAMILY_EXTRAS.reduce((sum, extra) => sum + extra.count * extra.amount.amount, 0);
  const suiteStay = priced("suite", checkin, checkout, RATE_PLANS.standard, perNight);
  const doubleStay = priced("double", checkin, checkout);
  const room = (id: string, reference: string, roomTypeId: string, stay: typeof suiteStay) =>
    ({
      id,
      reference,
      externalReference: EXTERNAL_REFERENCE,
      groupId: EXAMPLE_IDS.group,
      status: "confirmed",
      source: "api",
      roomTypeId,
      checkin,
      checkout,
      nights: daysBetween(checkin, checkout),
      adults: 2,
      childrenAges: [],
      guest: BOOKER,
      ...stay,
      extras: [],
      createdAt,
      updatedAt: createdAt,
      cancelledAt: null,
      cancellationReason: null,
      ratePlan: { id: RATE_PLANS.standard.id, name: RATE_PLANS.standard.name },
      cancellation: termsOf(RATE_PLANS.standard, checkin, stay),
      cancellationFee: null,
      anonymisedAt: null,
    }) satisfies BookingView;
  const suite = {
    ...room(EXAMPLE_IDS.groupSuite, "HVH-7Q2KMX", EXAMPLE_IDS.suite, suiteStay),
    childrenAges: [...STORY_FAMILY.childrenAges],
    extras: STORY_FAMILY_EXTRAS.map((extra) => ({ ...extra, amount: { ...extra.amount } })),
  } satisfies BookingView;
  const double = { ...room(EXAMPLE_IDS.groupDouble, "HVH-3NW8PT", EXAMPLE_IDS.double, doubleStay), guest: GRANDPARENTS } satisfies BookingView;
  const group = {
    id: EXAMPLE_IDS.group,
    reference: "HVH-K4M9RT",
    status: "confirmed",
    externalReference: EXTERNAL_REFERENCE,
    booker: BOOKER,
    checkin,
    checkout,
    nights: daysBetween(checkin, checkout),
    bookings: [suite, double],
    price: { total: { amount: suiteStay.price.amount + doubleStay.price.amount, currency: STORY_CURRENCY } },
    cancellationFee: null,
    createdAt,
    updatedAt: createdAt,
  } satisfies BookingGroupView;

  const cancelledAt = `${today}T09:02:15.774Z`;
  const free = { amount: 0, currency: STORY_CURRENCY };
  const cancelledRoom = (booking: BookingView) => ({ ...booking, status: "cancelled", updatedAt: cancelledAt, cancelledAt, cancellationReason: "Trip postponed", cancellationFee: free }) satisfies BookingView;
  const cancelled = { ...group, status: "cancelled", bookings: group.bookings.map(cancelledRoom), cancellationFee: free, updatedAt: cancelledAt } satisfies BookingGroupView;

  return {
    createBookingGroup: {
      request: {
        summary: "A family in the Family Suite and the grandparents in a Double, two nights",
        headers: { "Idempotency-Key": EXAMPLE_GROUP_IDEMPOTENCY_KEY },
        body: {
          booker: BOOKER,
          rooms: [
            { roomTypeId: EXAMPLE_IDS.suite, adults: STORY_FAMILY.adults, childrenAges: [...STORY_FAMILY.childrenAges] },
            { roomTypeId: EXAMPLE_IDS.double, adults: 2, guest: GRANDPARENTS },
          ],
          checkin,
          checkout,
          externalReference: EXTERNAL_REFERENCE,
        } satisfies Input<typeof CreateBookingGroupSchema>,
      },
      response: { summary: "Both rooms, booked", value: group },
    },
    listBookingGroups: {
      request: {
        summary: "The group whose reference the booker gives",
        query: {
          reference: group.reference,
          externalReference: EXTERNAL_REFERENCE,
          limit: "25",
          cursor: bookingsCursor(`${today}T08:12:09.301Z`, EXAMPLE_IDS.newerGroup),
        } satisfies Required<Input<typeof BookingGroupListQuerySchema>>,
        curlQuery: ["reference"],
      },
      response: { summary: "The group, on a page of its own", value: { data: [group], nextCursor: null } satisfies Output<typeof BookingGroupListSchema> },
    },
    getBookingGroup: {
      request: { summary: "The group", path: { id: EXAMPLE_IDS.group } },
      response: { summary: "The group and its rooms", value: group },
    },
    cancelBookingGroup: {
      request: { summary: "Cancel every room, saying why", path: { id: EXAMPLE_IDS.group }, body: { reason: "Trip postponed" } satisfies Input<typeof CancelBookingGroupSchema> },
      response: { summary: "Every room cancelled, free under the Standard plan", value: cancelled },
    },
  } satisfies Record<string, OperationExample>;
}
