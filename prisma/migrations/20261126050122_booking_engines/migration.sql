-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'booking_engine_enabled';
ALTER TYPE "AuditAction" ADD VALUE 'booking_engine_disabled';
ALTER TYPE "AuditAction" ADD VALUE 'booking_engine_updated';
ALTER TYPE "AuditAction" ADD VALUE 'booking_engine_key_rotated';

-- CreateTable
CREATE TABLE "booking_engines" (
    "property_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "api_key_id" TEXT,
    "key_ciphertext" TEXT,
    "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "accent_colour" VARCHAR(7) NOT NULL DEFAULT '#1d5c7a',
    "welcome_text" TEXT NOT NULL DEFAULT '',
    "default_language" VARCHAR(8) NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "booking_engines_pkey" PRIMARY KEY ("property_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "booking_engines_api_key_id_key" ON "booking_engines"("api_key_id");

-- AddForeignKey
ALTER TABLE "booking_engines" ADD CONSTRAINT "booking_engines_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_engines" ADD CONSTRAINT "booking_engines_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An engine that is on has its key; a colour is #rrggbb (lower case, as lib/booking-engine stores it).
ALTER TABLE "booking_engines" ADD CONSTRAINT "booking_engines_on_has_key" CHECK (NOT "enabled" OR "key_ciphertext" IS NOT NULL);
ALTER TABLE "booking_engines" ADD CONSTRAINT "booking_engines_accent_colour" CHECK ("accent_colour" ~ '^#[0-9a-f]{6}$');
