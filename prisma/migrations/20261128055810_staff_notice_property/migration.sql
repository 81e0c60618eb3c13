-- AlterTable
ALTER TABLE "staff_emails" ADD COLUMN     "notice_by" TEXT,
ADD COLUMN     "property_id" TEXT;

-- AddForeignKey
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A second-factor reset notice names its hotel and admin itself (before, the audit row did, through details.emailId).
UPDATE "staff_emails" s SET "property_id" = a."property_id", "notice_by" = a."actor_label"
FROM "audit_events" a
WHERE s."kind" = 'second_factor_reset' AND a."action" = 'second_factor_reset' AND a."details"->>'emailId' = s."id";
