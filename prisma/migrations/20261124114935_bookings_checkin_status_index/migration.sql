-- CreateIndex
CREATE INDEX "bookings_property_id_checkin_status_idx" ON "bookings"("property_id", "checkin", "status");
