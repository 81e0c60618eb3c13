import { addDays, daysBetween, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import { bookingsCursor, eventsCursor } from "./example-cursors";
import { nightPrice, offersOf, priced, RATE_PLANS, STORY_CHILD_AGE_BANDS, STORY_CURRENCY, STORY_FAMILY, STORY_FAMILY_EXTRAS, STORY_OCCUPANCY, termsOf } from "./example-prices";
import type { AvailabilityQuerySchema, AvailabilityView } from "@/lib/schemas/availability";
import type {
  BookingListQuerySchema,
  BookingListSchema,
  BookingView,
  CancelBookingSchema,
  ChangeBookingQuerySchema,
  ChangeBookingSchema,
  CreateBookingSchema,
} from "@/lib/schemas/bookings";
import type { EventFeedQuerySchema, EventFeedView, EventView } from "@/lib/schemas/events";
import type { Me } from "@/lib/schemas/me";
import type { RatePlanListSchema } from "@/lib/schemas/rate-plans";
import type { TestClockInputSchema, TestClockView } from "@/lib/schemas/test-clock";
import type { RatesQuerySchema, RatesView } from "@/lib/schemas/rates";
import type { RoomTypeListSchema, RoomTypeView } from "@/lib/schemas/room-types";
import { EXAMPLE_IDS } from "./example-ids";
import type { Input, OperationExample, Output } from "./example-types";
import { bookingGroupExamples } from "./booking-group-examples";
import { requestLogExamples } from "./request-log-examples";
import { webhookEndpointExamples } from "./webhook-examples";

/**
 * The examples of the OpenAPI document: one hotel's story, told once as typed data (so a schema
 * change that an example misses fails the type check). Without them, viewers and generators
 * invent examples from the schemas, such as a stay with checkin = checkout. Every request is one
 * the API accepts and every response is what it would answer (nights = checkout − checkin, price
 * = the nights' sum); test/unit/openapi-examples.test.ts checks both, and the integration test
 * documented-examples.test.ts sends each request to a real server.
 *
 * Dates count from the day the document is built (`today`): a fixed date would pass into the past
 * and the example with it.
 */

/** A new UUID per intended booking (and per intended change), as the docs advise. */
export const EXAMPLE_IDEMPOTENCY_KEY = "98fd453f-ce6c-463e-a162-fb7db2f5a809";
export const EXAMPLE_CHANGE_IDEMPOTENCY_KEY = "3c1f9b7e-52d4-4a8e-9f0b-6d2e8a41c7f3";

const CURRENCY = STORY_CURRENCY;
const GUEST = { firstName: "Ana", lastName: "Silva", email: "ana.silva@example.com" };
const EXTERNAL_REFERENCE = "PX-100482";
const CANCELLATION_REASON = "Guest changed plans";

/** What the story's family adds to each night of the Family Suite (two children of the Child band). */
const familyExtrasPerNight = STORY_FAMILY_EXTRAS.reduce((sum, extra) => sum + extra.count * extra.amount.amount, 0);
const familyExtras = () => STORY_FAMILY_EXTRAS.map((extra) => ({ ...extra, amount: { ...extra.amount } }));

/** Every operation's example, by operationId, for a document built on `today` (UTC). */
export function operationExamples(today: CalendarDate) {
  const yesterday = addDays(today, -1);
  const checkin = addDays(today, 21);
  const checkout = addDays(checkin, 3);
  const stay = { checkin, checkout, nights: daysBetween(checkin, checkout) };

  // Each room type's occupancy as the story's (STORY_OCCUPANCY), its extra adult price as money.
  const occupancy = (name: keyof typeof STORY_OCCUPANCY) => ({ ...STORY_OCCUPANCY[name], extraAdult: { amount: STORY_OCCUPANCY[name].extraAdult, currency: CURRENCY } });
  const roomTypes = {
    single: { id: EXAMPLE_IDS.single, name: "Single", description: "A quiet room at the back with one bed.", ...occupancy("single"), basePrice: { amount: 9_500, currency: CURRENCY } },
    double: { id: EXAMPLE_IDS.double, name: "Double", description: "A double bed and a view of the harbour.", ...occupancy("double"), basePrice: { amount: 14_400, currency: CURRENCY } },
    suite: { id: EXAMPLE_IDS.suite, name: "Family Suite", description: "Two rooms, a double bed and two singles.", ...occupancy("suite"), basePrice: { amount: 24_000, currency: CURRENCY } },
  } satisfies Record<string, RoomTypeView>;

  const createBooking = {
    roomTypeId: EXAMPLE_IDS.double,
    checkin,
    checkout,
    adults: 2,
    guest: GUEST,
    externalReference: EXTERNAL_REFERENCE,
  } satisfies Input<typeof CreateBookingSchema>;

  const createdAt = `${yesterday}T10:15:02.682Z`;
  const booking = {
    id: EXAMPLE_IDS.booking,
    reference: "HVH-4K7Q2M",
    externalReference: EXTERNAL_REFERENCE,
    groupId: null,
    status: "confirmed",
    source: "api",
    roomTypeId: EXAMPLE_IDS.double,
    ...stay,
    adults: 2,
    childrenAges: [],
    guest: GUEST,
    ...priced("double", checkin, checkout),
    extras: [],
    createdAt,
    updatedAt: createdAt,
    cancelledAt: null,
    cancellationReason: null,
    ratePlan: { id: RATE_PLANS.standard.id, name: RATE_PLANS.standard.name },
    cancellation: termsOf(RATE_PLANS.standard, checkin, priced("double", checkin, checkout)),
    cancellationFee: null,
    anonymisedAt: null,
  } satisfies BookingView;
  // The guest stays one night longer: the three booked nights keep their price, the fourth is at today's rate.
  const longerCheckout = addDays(checkout, 1);
  const changedAt = `${today}T07:58:11.306Z`;
  const longer = priced("double", checkin, longerCheckout);
  const changed = { ...booking, checkout: longerCheckout, nights: stay.nights + 1, ...longer, updatedAt: changedAt } satisfies BookingView;
  const cancelledAt = `${today}T08:41:37.095Z`;
  // Cancelled three weeks before arrival: free under the Standard plan.
  const cancelled = {
    ...changed,
    status: "cancelled",
    updatedAt: cancelledAt,
    cancelledAt,
    cancellationReason: CANCELLATION_REASON,
    cancellationFee: { amount: 0, currency: CURRENCY },
  } satisfies BookingView;
  // Minutes later the guest asked to have their data erased: the partner forwarded the request.
  const anonymisedAt = `${today}T08:52:03.411Z`;
  const anonymised = {
    ...cancelled,
    guest: { firstName: "Anonymised", lastName: "Anonymised", email: `anonymised-${cancelled.id}@invalid` },
    updatedAt: anonymisedAt,
    anonymisedAt,
  } satisfies BookingView;

  const createdEvent = { id: EXAMPLE_IDS.createdEvent, type: "booking.created", mode: "live", createdAt, data: { booking } } satisfies EventView;
  const issuedAt = (instant: string) => Date.parse(instant);

  return {
    getMe: {
      request: { summary: "Who am I" },
      response: {
        summary: "A write key of a Starter hotel",
        value: {
          mode: "live",
          property: { id: EXAMPLE_IDS.property, name: "Harbour View Hotel", timezone: "Europe/Lisbon", currency: CURRENCY, today, guestEmails: true,
            contact: { email: "frontdesk@harbour-view.example", phone: "+351 21 123 4567" }, checkInFrom: "15:00", checkOutUntil: "11:00",
            childAgeBands: STORY_CHILD_AGE_BANDS.map((band) => ({ ...band, amount: { amount: band.amount, currency: CURRENCY } })) },
          apiKey: { id: EXAMPLE_IDS.apiKey, hint: "rbp_JAfM…3kQz", scope: "write", createdAt: `${addDays(today, -40)}T09:12:44.120Z` },
          plan: { name: "starter", rateLimit: { limit: 1_200, windowSeconds: 60 } },
        } satisfies Me,
      },
    },
    searchAvailability: {
      request: {
        summary: "Two adults and two children (4 and 9), three nights, non-refundable offers only",
        query: { checkin, checkout, adults: "2", childrenAges: "4,9", ratePlanId: EXAMPLE_IDS.nonRefundablePlan } satisfies Required<Input<typeof AvailabilityQuerySchema>>,
        curlQuery: [],
      },
      response: {
        summary: "Only the Family Suite takes two children: each night's rate plus two children of the Child band, and the non-refundable offer asked for",
        value: {
          ...stay,
          adults: STORY_FAMILY.adults,
          childrenAges: STORY_FAMILY.childrenAges,
          roomTypes: [
            {
              roomTypeId: EXAMPLE_IDS.suite,
              name: "Family Suite",
              description: roomTypes.suite.description,
              maxAdults: STORY_OCCUPANCY.suite.maxAdults,
              maxChildren: STORY_OCCUPANCY.suite.maxChildren,
              maxOccupancy: STORY_OCCUPANCY.suite.maxOccupancy,
              availableRooms: 1,
              ...priced("suite", checkin, checkout, RATE_PLANS.standard, familyExtrasPerNight),
              extras: familyExtras(),
              offers: offersOf("suite", checkin, checkout, [RATE_PLANS.nonRefundable], STORY_FAMILY_EXTRAS),
            },
          ],
        } satisfies AvailabilityView,
      },
    },
    listRatePlans: {
      request: { summary: "All rate plans" },
      response: {
        summary: "Standard and non-refundable",
        value: {
          data: [RATE_PLANS.standard, RATE_PLANS.nonRefundable].map((plan) => ({
            id: plan.id,
            name: plan.name,
            description: plan.description,
            roomTypeIds: [EXAMPLE_IDS.single, EXAMPLE_IDS.double, EXAMPLE_IDS.suite],
            cancellationPolicy: plan.policy,
            active: true,
          })),
        } satisfies Output<typeof RatePlanListSchema>,
      },
    },
    listRoomTypes: {
      request: { summary: "All room types" },
      response: { summary: "Three room types", value: { data: [roomTypes.single, roomTypes.double, roomTypes.suite] } satisfies Output<typeof RoomTypeListSchema> },
    },
    getRoomType: {
      request: { summary: "The Double", path: { id: EXAMPLE_IDS.double } },
      response: { summary: "The Double", value: roomTypes.double },
    },
    getRates: {
      request: {
        summary: "The Double's nights around the stay",
        query: { from: checkin, to: checkout, roomTypeId: EXAMPLE_IDS.double, ratePlanId: EXAMPLE_IDS.standardPlan } satisfies Required<Input<typeof RatesQuerySchema>>,
        curlQuery: ["roomTypeId"],
      },
      response: {
        summary: "Four nights, the last one sold out",
        value: {
          from: checkin,
          to: checkout,
          currency: CURRENCY,
          roomTypes: [
            {
              roomTypeId: EXAMPLE_IDS.double,
              // A minimum stay of 2 nights for arrivals on the first night, and no departures on the last date.
              nights: [...nightsOfStay(checkin, checkout), checkout].map((date, i) => ({
                date,
                amount: nightPrice("double", date),
                availableRooms: [4, 3, 3, 0][i]!,
                closed: false,
                minStay: i === 0 ? 2 : 1,
                maxStay: null,
                closedToArrival: false,
                closedToDeparture: i === 3,
                // Narrowed to the plan asked for: without ratePlanId, every plan sold for the room type.
                plans: [{ ratePlanId: EXAMPLE_IDS.standardPlan, amount: nightPrice("double", date) }],
              })),
            },
          ],
        } satisfies RatesView,
      },
    },
    createBooking: {
      request: { summary: "A Double for two adults, three nights", headers: { "Idempotency-Key": EXAMPLE_IDEMPOTENCY_KEY }, body: createBooking },
      response: { summary: "The confirmed booking", value: booking },
    },
    listBookings: {
      request: {
        summary: "Confirmed bookings arriving in the next 30 days",
        query: {
          status: "confirmed",
          checkinFrom: today,
          checkinTo: addDays(today, 30),
          updatedSince: `${addDays(today, -7)}T00:00:00.000Z`,
          reference: booking.reference,
          externalReference: EXTERNAL_REFERENCE,
          groupId: EXAMPLE_IDS.group,
          limit: "25",
          cursor: bookingsCursor(`${yesterday}T16:40:27.915Z`, EXAMPLE_IDS.newerBooking),
        } satisfies Required<Input<typeof BookingListQuerySchema>>,
        curlQuery: ["status", "checkinFrom", "checkinTo"],
      },
      response: { summary: "The last page: one booking", value: { data: [booking], nextCursor: null } satisfies Output<typeof BookingListSchema> },
    },
    getBooking: {
      request: { summary: "The booking", path: { id: EXAMPLE_IDS.booking } },
      response: { summary: "The booking", value: booking },
    },
    changeBooking: {
      request: {
        summary: "One night longer, at the price shown to the guest",
        path: { id: EXAMPLE_IDS.booking },
        query: { dryRun: "false" } satisfies Required<Input<typeof ChangeBookingQuerySchema>>,
        curlQuery: [],
        headers: { "Idempotency-Key": EXAMPLE_CHANGE_IDEMPOTENCY_KEY },
        body: { checkout: longerCheckout, expectedPrice: longer.price } satisfies Input<typeof ChangeBookingSchema>,
      },
      response: { summary: "The booking as it now stands: the three booked nights keep their price", value: changed },
    },
    cancelBooking: {
      request: { summary: "Cancel, saying why", path: { id: EXAMPLE_IDS.booking }, body: { reason: CANCELLATION_REASON } satisfies Input<typeof CancelBookingSchema> },
      response: { summary: "The cancelled booking", value: cancelled },
    },
    anonymiseBooking: {
      request: { summary: "The guest asked to be forgotten", path: { id: EXAMPLE_IDS.booking } },
      response: { summary: "The booking, its guest erased", value: anonymised },
    },
    listEvents: {
      request: {
        summary: "Booking creations since the last call",
        query: {
          after: eventsCursor("48213", "1", issuedAt(`${yesterday}T09:00:00.000Z`)),
          type: "booking.created",
          limit: "100",
        } satisfies Required<Input<typeof EventFeedQuerySchema>>,
        curlQuery: [],
      },
      response: {
        summary: "One event: caught up",
        value: { data: [createdEvent], nextCursor: eventsCursor("48230", "1", issuedAt(`${today}T08:00:00.000Z`)) } satisfies EventFeedView,
      },
    },
    ...webhookEndpointExamples(today, createdAt),
    ...bookingGroupExamples(today),
    ...requestLogExamples({ bookingAt: createdAt, idempotencyKey: EXAMPLE_IDEMPOTENCY_KEY }),
    setTestClock: {
      request: { summary: "Three weeks ahead, with a test key", body: { today: addDays(today, 21) } satisfies Input<typeof TestClockInputSchema> },
      response: { summary: "Today moved", value: { today: addDays(today, 21), realToday: today, moved: true } satisfies TestClockView },
    },
    resetTestClock: {
      request: { summary: "Back to the real date, with a test key" },
      response: { summary: "Today is the real date", value: { today, realToday: today, moved: false } satisfies TestClockView },
    },
  } satisfies Record<string, OperationExample>;
}

export type OperationId = keyof ReturnType<typeof operationExamples>;
