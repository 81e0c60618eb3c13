/** What happened to a booking: these events carry it (the feed, webhooks, guest e-mails and the metrics read them). */
export const BOOKING_EVENT_TYPES = ["booking.created", "booking.changed", "booking.cancelled"] as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

/**
 * The kinds of event the outbox holds: a booking's, a guest erased from a booking
 * (booking.anonymised: its ids only, so that partners delete their copy of the guest), a group's
 * booker erased (booking_group.anonymised: the group's ids only), and a room type's ARI changing
 * (ari.changed, raised by the worker from marks).
 */
export const EVENT_TYPES = [...BOOKING_EVENT_TYPES, "booking.anonymised", "booking_group.anonymised", "ari.changed"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The events that tell partners to delete what they keep of a person (a guest, a group's booker). */
const ERASURE_EVENT_TYPES = ["booking.anonymised", "booking_group.anonymised"] as const satisfies readonly EventType[];

/**
 * What an endpoint gets when it names no event types: the booking events and the erasures
 * (who keeps a guest's data must hear when it is erased). ari.changed goes only to endpoints that
 * name it, so an endpoint that took "all events" before it existed is not flooded by a kind of
 * event it never asked for.
 */
export const DEFAULT_WEBHOOK_EVENT_TYPES: readonly EventType[] = [...BOOKING_EVENT_TYPES, ...ERASURE_EVENT_TYPES];

/** What an ari.changed event says changed on its nights, in this order. */
export const ARI_CHANGES = ["availability", "price", "restrictions"] as const;
export type AriChange = (typeof ARI_CHANGES)[number];

/** Events are served for 30 days; rows are kept a day longer so a cursor never outlives what it points past. */
export const EVENT_RETENTION_DAYS = 30;
export const EVENT_PRUNE_AFTER_DAYS = EVENT_RETENTION_DAYS + 1;
