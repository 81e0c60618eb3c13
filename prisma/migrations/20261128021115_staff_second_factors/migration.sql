-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'two_step_required';
ALTER TYPE "AuditAction" ADD VALUE 'two_step_not_required';
ALTER TYPE "AuditAction" ADD VALUE 'second_factor_reset';
ALTER TYPE "AuditAction" ADD VALUE 'sign_in_throttled';

-- AlterEnum
ALTER TYPE "StaffEmailKind" ADD VALUE 'second_factor_reset';

-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "require_two_step" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_pending_secret" TEXT,
ADD COLUMN     "totp_secret" TEXT;

-- AlterTable
ALTER TABLE "staff_emails" ADD COLUMN     "staff_user_id" TEXT;

-- CreateTable
CREATE TABLE "staff_recovery_codes" (
    "id" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_passkeys" (
    "id" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "name" VARCHAR(60) NOT NULL,
    "device_type" TEXT NOT NULL,
    "backed_up" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webauthn_challenges" (
    "challenge" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "staff_user_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webauthn_challenges_pkey" PRIMARY KEY ("challenge")
);

-- CreateTable
CREATE TABLE "staff_pending_sign_ins" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "password_ok" BOOLEAN NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_pending_sign_ins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_sign_in_failures" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip_address" VARCHAR(64) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_sign_in_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_recovery_codes_staff_user_id_code_hash_key" ON "staff_recovery_codes"("staff_user_id", "code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "staff_passkeys_credential_id_key" ON "staff_passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "staff_passkeys_staff_user_id_idx" ON "staff_passkeys"("staff_user_id");

-- CreateIndex
CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "staff_pending_sign_ins_token_hash_key" ON "staff_pending_sign_ins"("token_hash");

-- CreateIndex
CREATE INDEX "staff_pending_sign_ins_staff_user_id_idx" ON "staff_pending_sign_ins"("staff_user_id");

-- CreateIndex
CREATE INDEX "staff_sign_in_failures_email_at_idx" ON "staff_sign_in_failures"("email", "at");

-- CreateIndex
CREATE INDEX "staff_sign_in_failures_ip_address_at_idx" ON "staff_sign_in_failures"("ip_address", "at");

-- CreateIndex
CREATE INDEX "staff_emails_staff_user_id_idx" ON "staff_emails"("staff_user_id");

-- AddForeignKey
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_pending_sign_ins" ADD CONSTRAINT "staff_pending_sign_ins_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A staff e-mail refers to exactly one thing: an invitation, a password reset, or (a notice) an account.
ALTER TABLE "staff_emails" DROP CONSTRAINT "staff_emails_one_link";
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_one_link" CHECK (num_nonnulls("invitation_id", "password_reset_id", "staff_user_id") = 1);
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_notice_account" CHECK (("kind"::text = 'second_factor_reset') = ("staff_user_id" IS NOT NULL));
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_notice_no_token" CHECK ("staff_user_id" IS NULL OR "sealed_token" IS NULL);

-- Two-step codes are on exactly when a confirmed secret is kept.
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_totp_enabled" CHECK (("totp_secret" IS NULL) = ("totp_enabled_at" IS NULL));

-- A challenge is for adding a passkey to an account, or for a sign-in that names no account yet.
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_purpose" CHECK ("purpose" IN ('register', 'sign_in') AND ("purpose" = 'sign_in') = ("staff_user_id" IS NULL));
