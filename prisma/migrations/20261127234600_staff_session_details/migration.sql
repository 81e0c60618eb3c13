-- Account › Sessions: where each staff session was signed in from, and when it was last used.
-- AlterTable
ALTER TABLE "staff_sessions" ADD COLUMN     "ip_address" VARCHAR(64),
ADD COLUMN     "last_active_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "user_agent" VARCHAR(400);

-- Sessions signed in before this were last seen, as far as anyone knows, when they began.
UPDATE "staff_sessions" SET "last_active_at" = "created_at";
