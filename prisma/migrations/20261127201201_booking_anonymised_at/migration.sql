-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "anonymised_at" TIMESTAMPTZ(3);

-- An anonymised booking keeps nothing of its guest (lib/bookings/sql/anonymise_booking.sql).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_anonymised_keep_no_guest" CHECK (
  "anonymised_at" IS NULL OR (
    "guest_first_name" = 'Anonymised' AND "guest_last_name" = 'Anonymised' AND "guest_email" = 'anonymised-' || "id" || '@invalid'
    AND "guest_language" IS NULL AND "guest_phone" IS NULL AND "staff_note" IS NULL
  )
);

-- booking.anonymised: a booking's guest erased (it names its booking, as the booking events do).
-- Endpoints that take bookings (booking.created) get it too: who keeps a guest's data must hear
-- that it is erased.
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN ('booking.created', 'booking.changed', 'booking.cancelled', 'booking.anonymised', 'ari.changed'));
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_known";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_known"
  CHECK (cardinality("events") >= 1 AND "events" <@ ARRAY['booking.created', 'booking.changed', 'booking.cancelled', 'booking.anonymised', 'ari.changed']::text[]);
UPDATE "webhook_endpoints" SET "events" = "events" || ARRAY['booking.anonymised']
WHERE 'booking.created' = ANY("events") AND NOT 'booking.anonymised' = ANY("events");

-- Erasures are audited: who, when, which way, how many bookings (never the guest's data).
ALTER TYPE "AuditAction" ADD VALUE 'guest_anonymised';
