/** The kinds of event the outbox holds (the feed, webhooks and guest e-mails read them). */
export const EVENT_TYPES = ["booking.created", "booking.changed", "booking.cancelled"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events are served for 30 days; rows are kept a day longer so a cursor never outlives what it points past. */
export const EVENT_RETENTION_DAYS = 30;
export const EVENT_PRUNE_AFTER_DAYS = EVENT_RETENTION_DAYS + 1;
