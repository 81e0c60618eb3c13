-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "guest_retention_months" INTEGER DEFAULT 24;

-- A retention period is 1 to 120 months (null: guests are kept until erased on request).
ALTER TABLE "properties" ADD CONSTRAINT "properties_guest_retention_months_range" CHECK ("guest_retention_months" BETWEEN 1 AND 120);

-- What retention reads each day: a property's bookings not yet anonymised, by checkout.
CREATE INDEX "bookings_retention" ON "bookings" ("property_id", "checkout") WHERE "anonymised_at" IS NULL;

-- Erasing a guest rewrites their booking's events and those events' webhook bodies: found by index.
CREATE INDEX "events_booking_id" ON "events" ("booking_id") WHERE "booking_id" IS NOT NULL;
CREATE INDEX "webhook_deliveries_event_id" ON "webhook_deliveries" ("event_id");
