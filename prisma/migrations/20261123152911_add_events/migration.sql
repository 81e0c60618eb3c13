-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "sequence" BIGSERIAL NOT NULL,
    "txid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
    "property_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "booking_id" TEXT,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "events_created_at_idx" ON "events"("created_at");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The feed reads a property's events in (txid, sequence) order after a cursor.
CREATE INDEX "events_property_id_txid_sequence_idx" ON "events"("property_id", "txid", "sequence");

-- Only the kinds the code writes.
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN ('booking.created', 'booking.cancelled'));
