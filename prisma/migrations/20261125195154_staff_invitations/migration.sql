-- CreateEnum
CREATE TYPE "StaffEmailKind" AS ENUM ('invitation');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'staff_invited';
ALTER TYPE "AuditAction" ADD VALUE 'staff_invitation_resent';
ALTER TYPE "AuditAction" ADD VALUE 'staff_invitation_revoked';
ALTER TYPE "AuditAction" ADD VALUE 'staff_invitation_accepted';
ALTER TYPE "AuditAction" ADD VALUE 'staff_role_changed';
ALTER TYPE "AuditAction" ADD VALUE 'staff_removed';

-- CreateTable
CREATE TABLE "staff_invitations" (
    "id" TEXT NOT NULL,
    "property_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "role" "StaffRole" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_id" TEXT,
    "invited_by_label" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_emails" (
    "id" TEXT NOT NULL,
    "kind" "StaffEmailKind" NOT NULL,
    "recipient" TEXT NOT NULL,
    "invitation_id" TEXT,
    "sealed_token" TEXT,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_invitations_token_hash_key" ON "staff_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "staff_invitations_property_id_created_at_idx" ON "staff_invitations"("property_id", "created_at");

-- CreateIndex
CREATE INDEX "staff_emails_invitation_id_created_at_idx" ON "staff_emails"("invitation_id", "created_at");

-- CreateIndex
CREATE INDEX "staff_emails_created_at_idx" ON "staff_emails"("created_at");

-- AddForeignKey
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_invitation_id_fkey" FOREIGN KEY ("invitation_id") REFERENCES "staff_invitations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one open invitation per property and e-mail: inviting again revokes the older one first.
CREATE UNIQUE INDEX "staff_invitations_one_open_per_email" ON "staff_invitations"("property_id", "email") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;

-- A name is a short display text, as staff_users.name (lib/staff/staff-name.ts checks it first).
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_name_length" CHECK (char_length("name") <= 100);
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_email_lower" CHECK ("email" = lower("email"));

-- An invitation e-mail belongs to its invitation.
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_kind_link" CHECK ("kind" <> 'invitation' OR "invitation_id" IS NOT NULL);
-- The sealed token is kept only while the e-mail waits to be sent: erased once sent or given up.
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_token_only_while_pending" CHECK ("status" = 'pending' OR "sealed_token" IS NULL);
