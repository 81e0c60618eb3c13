-- Booking groups (issue 38): several rooms booked at once, all or none. Each room is a booking
-- with the group's id and its place in the group; the group keeps the booker, the stay the rooms
-- share and the request that made it (its Idempotency-Key is in the one key space of bookings
-- and changes: hold_idempotency_key). A group goes only with its property.

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "group_id" TEXT,
ADD COLUMN     "group_room" SMALLINT;

-- CreateTable
CREATE TABLE "booking_groups" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "property_id" TEXT NOT NULL,
    "booker_first_name" TEXT NOT NULL,
    "booker_last_name" TEXT NOT NULL,
    "booker_email" TEXT NOT NULL,
    "booker_language" VARCHAR(35),
    "checkin" DATE NOT NULL,
    "checkout" DATE NOT NULL,
    "external_reference" TEXT,
    "source" TEXT NOT NULL,
    "api_key_id" TEXT,
    "staff_user_id" TEXT,
    "idempotency_key" TEXT,
    "request_fingerprint" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "booking_groups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "booking_groups_reference_key" ON "booking_groups"("reference");

-- CreateIndex
CREATE INDEX "booking_groups_property_id_created_at_idx" ON "booking_groups"("property_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "booking_groups_property_id_idempotency_key_key" ON "booking_groups"("property_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "bookings_group_id_group_room_key" ON "bookings"("group_id", "group_room");

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "booking_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A room of a group knows its place (0 to 9); a booking made alone has neither.
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_group_room_with_group" CHECK (("group_id" IS NULL) = ("group_room" IS NULL) AND ("group_room" IS NULL OR "group_room" BETWEEN 0 AND 9));
ALTER TABLE "booking_groups"
  ADD CONSTRAINT "booking_groups_stay_not_empty" CHECK ("checkout" > "checkin"),
  ADD CONSTRAINT "booking_groups_source_known" CHECK ("source" IN ('api', 'desk'));

-- book_group and cancel_booking_group are new (lib/bookings/sql); hold_idempotency_key now also
-- answers a key a group used, and write_booking writes a room's group: their files make them.
