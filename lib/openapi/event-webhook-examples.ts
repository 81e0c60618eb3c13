import { Webhook } from "standardwebhooks";
import { addDays, type CalendarDate } from "@/lib/dates/calendar-date";
import type { BookingChangePrevious } from "@/lib/schemas/bookings";
import type { EventView } from "@/lib/schemas/events";
import type { WebhookHeaders } from "@/lib/webhooks/sign-webhook";
import { EXAMPLE_IDS } from "./example-ids";
import { operationExamples } from "./examples";
import { EXAMPLE_WEBHOOK_SECRET } from "./webhook-examples";

type WebhookExample = { summary: string; body: EventView; headers: WebhookHeaders };

/**
 * What an endpoint receives for each event type: the body and its Standard Webhooks headers,
 * signed with the example secret by the library itself (as lib/webhooks/sign-webhook.ts signs).
 */
export function webhookExamples(today: CalendarDate) {
  const { getBooking, changeBooking, cancelBooking, anonymiseBooking, cancelBookingGroup, listEvents } = operationExamples(today);
  const created = listEvents.response.value.data[0]!;
  const before = getBooking.response.value;
  const after = changeBooking.response.value;
  const previous = { checkout: before.checkout, nights: before.nights, price: before.price, nightly: before.nightly } satisfies BookingChangePrevious;
  const changed = { id: EXAMPLE_IDS.changedEvent, type: "booking.changed", mode: "live", createdAt: after.updatedAt, data: { booking: after, previous } } satisfies EventView;
  const booking = cancelBooking.response.value;
  const cancelled = { id: EXAMPLE_IDS.cancelledEvent, type: "booking.cancelled", mode: "live", createdAt: booking.updatedAt, data: { booking } } satisfies EventView;
  // The booking made above took a double room for its nights: partners that keep a copy of the calendar read those nights again.
  const ari = {
    id: EXAMPLE_IDS.ariEvent,
    type: "ari.changed",
    mode: "live",
    createdAt: new Date(Date.parse(created.createdAt) + 5_000).toISOString(),
    data: { roomTypeId: before.roomTypeId, from: before.checkin, to: addDays(before.checkout, -1), changed: ["availability"] },
  } satisfies EventView;
  const { anonymisedAt } = anonymiseBooking.response.value;
  const anonymised = {
    id: EXAMPLE_IDS.anonymisedEvent,
    type: "booking.anonymised",
    mode: "live",
    createdAt: anonymisedAt!,
    data: { bookingId: booking.id, reference: booking.reference, anonymisedAt: anonymisedAt! },
  } satisfies EventView;
  // The group cancelled above: its booker, who asked to be forgotten, erased the same minute as the booking's guest.
  const group = cancelBookingGroup.response.value;
  const groupAnonymised = {
    id: EXAMPLE_IDS.groupAnonymisedEvent,
    type: "booking_group.anonymised",
    mode: "live",
    createdAt: anonymisedAt!,
    data: { groupId: group.id, reference: group.reference, anonymisedAt: anonymisedAt! },
  } satisfies EventView;
  const example = (event: EventView, summary: string): WebhookExample => {
    const at = new Date(Date.parse(event.createdAt) + 1_000);
    const headers = {
      "webhook-id": event.id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(EXAMPLE_WEBHOOK_SECRET).sign(event.id, at, JSON.stringify(event)),
    };
    return { summary, body: event, headers };
  };
  return {
    "booking.created": example(created, "The booking above, made"),
    "booking.changed": example(changed, "The booking above, one night longer"),
    "booking.cancelled": example(cancelled, "The booking above, cancelled"),
    "booking.anonymised": example(anonymised, "The booking above: its guest erased"),
    "booking_group.anonymised": example(groupAnonymised, "The group above: its booker erased"),
    "ari.changed": example(ari, "The double room's availability changed on the booking's nights"),
  } satisfies Record<EventView["type"], WebhookExample>;
}

