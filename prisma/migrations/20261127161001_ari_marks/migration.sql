-- CreateTable
CREATE TABLE "ari_marks" (
    "id" BIGSERIAL NOT NULL,
    "property_id" TEXT NOT NULL,
    "room_type_id" TEXT NOT NULL,
    "first_night" DATE NOT NULL,
    "last_night" DATE NOT NULL,
    "changed" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ari_marks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ari_schedules" (
    "property_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ari_schedules_pkey" PRIMARY KEY ("property_id")
);

-- AddForeignKey
ALTER TABLE "ari_schedules" ADD CONSTRAINT "ari_schedules_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A mark names what changed (at least one of the three) on a range of nights in order.
ALTER TABLE "ari_marks"
  ALTER COLUMN "changed" SET NOT NULL,
  ADD CONSTRAINT "ari_marks_changed_known" CHECK (cardinality("changed") > 0 AND "changed" <@ ARRAY['availability', 'price', 'restrictions']::text[]),
  ADD CONSTRAINT "ari_marks_range_in_order" CHECK ("last_night" >= "first_night");

-- The new event type: a booking's events name their booking, ari.changed none. Endpoints keep
-- the types they have: one that took every type before gets ari.changed only when it names it.
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN ('booking.created', 'booking.changed', 'booking.cancelled', 'ari.changed'));
ALTER TABLE "events" ADD CONSTRAINT "events_booking_events_name_a_booking" CHECK (("type" = 'ari.changed') = ("booking_id" IS NULL));
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_known";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_known"
  CHECK (cardinality("events") >= 1 AND "events" <@ ARRAY['booking.created', 'booking.changed', 'booking.cancelled', 'ari.changed']::text[]);

-- mark_ari is new and move_nights now calls it (lib/bookings/sql): their files make them.
