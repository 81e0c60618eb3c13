-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN     "name" TEXT NOT NULL DEFAULT '';

-- A name is a short display text (lib/staff/staff-name.ts checks it before it gets here).
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_name_length" CHECK (char_length("name") <= 100);
