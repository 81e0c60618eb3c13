-- booking_group.anonymised: a booking group's booker erased (lib/bookings/sql/anonymise_group_booker.sql).
-- It names a group, not a booking, as ari.changed names a room type. Endpoints that take
-- booking.anonymised get it too: who keeps a group's booker must hear that the booker is erased.
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN ('booking.created', 'booking.changed', 'booking.cancelled', 'booking.anonymised', 'booking_group.anonymised', 'ari.changed'));
ALTER TABLE "events" DROP CONSTRAINT "events_booking_events_name_a_booking";
ALTER TABLE "events" ADD CONSTRAINT "events_booking_events_name_a_booking" CHECK (("type" IN ('ari.changed', 'booking_group.anonymised')) = ("booking_id" IS NULL));
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_known";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_known"
  CHECK (cardinality("events") >= 1 AND "events" <@ ARRAY['booking.created', 'booking.changed', 'booking.cancelled', 'booking.anonymised', 'booking_group.anonymised', 'ari.changed']::text[]);
UPDATE "webhook_endpoints" SET "events" = "events" || ARRAY['booking_group.anonymised']
WHERE 'booking.anonymised' = ANY("events") AND NOT 'booking_group.anonymised' = ANY("events");
