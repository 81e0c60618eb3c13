-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "live_property_id" TEXT,
ADD COLUMN     "test_today" DATE;

-- AlterTable
ALTER TABLE "staff_sessions" ADD COLUMN     "test_mode" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "guest_emails" ADD COLUMN     "kept_message" JSONB;

-- CreateIndex
CREATE UNIQUE INDEX "properties_live_property_id_key" ON "properties"("live_property_id");

-- AddForeignKey
ALTER TABLE "properties" ADD CONSTRAINT "properties_live_property_id_fkey" FOREIGN KEY ("live_property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A test twin is a live property's (never its own, never a twin's: lib/test-mode/test-twin.ts
-- makes twins of live properties only); only a twin's today can be moved.
ALTER TABLE "properties" ADD CONSTRAINT "properties_twin_not_itself" CHECK ("live_property_id" IS NULL OR "live_property_id" <> "id");
ALTER TABLE "properties" ADD CONSTRAINT "properties_test_today_on_twins" CHECK ("test_today" IS NULL OR "live_property_id" IS NOT NULL);

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'test_data_reset';
