-- Settings › Property (issue 21): how guests reach the hotel (contact e-mail and phone, none
-- until an admin gives them) and the check-in and check-out times shown to them; existing
-- properties get 15:00 and 11:00. The panel's changes are audited as property_settings_updated.

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'property_settings_updated';

-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "check_in_from" VARCHAR(5) NOT NULL DEFAULT '15:00',
ADD COLUMN     "check_out_until" VARCHAR(5) NOT NULL DEFAULT '11:00',
ADD COLUMN     "contact_email" TEXT,
ADD COLUMN     "contact_phone" TEXT;

-- Times are HH:MM (00:00 to 23:59); contact values are never blank (none is NULL) and kept short.
ALTER TABLE "properties" ADD CONSTRAINT "properties_check_in_from_is_time" CHECK ("check_in_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE "properties" ADD CONSTRAINT "properties_check_out_until_is_time" CHECK ("check_out_until" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE "properties" ADD CONSTRAINT "properties_contact_email_length" CHECK ("contact_email" IS NULL OR char_length("contact_email") BETWEEN 3 AND 254);
ALTER TABLE "properties" ADD CONSTRAINT "properties_contact_phone_length" CHECK ("contact_phone" IS NULL OR char_length("contact_phone") BETWEEN 1 AND 30);
