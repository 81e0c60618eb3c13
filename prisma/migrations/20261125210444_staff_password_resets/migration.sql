-- AlterEnum
ALTER TYPE "StaffEmailKind" ADD VALUE 'password_reset';

-- AlterTable
ALTER TABLE "staff_emails" ADD COLUMN     "password_reset_id" TEXT;

-- CreateTable
CREATE TABLE "staff_password_resets" (
    "id" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "staff_password_resets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_password_resets_token_hash_key" ON "staff_password_resets"("token_hash");

-- CreateIndex
CREATE INDEX "staff_password_resets_staff_user_id_idx" ON "staff_password_resets"("staff_user_id");

-- CreateIndex
CREATE INDEX "staff_emails_password_reset_id_idx" ON "staff_emails"("password_reset_id");

-- AddForeignKey
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_password_reset_id_fkey" FOREIGN KEY ("password_reset_id") REFERENCES "staff_password_resets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff_password_resets" ADD CONSTRAINT "staff_password_resets_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each staff e-mail belongs to exactly one link, of its kind (compared as text: a value added to
-- an enum cannot be used in the transaction that adds it).
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_one_link" CHECK (num_nonnulls("invitation_id", "password_reset_id") = 1);
ALTER TABLE "staff_emails" ADD CONSTRAINT "staff_emails_reset_link" CHECK (("kind"::text = 'password_reset') = ("password_reset_id" IS NOT NULL));
