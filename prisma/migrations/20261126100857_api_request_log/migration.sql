-- CreateTable
CREATE TABLE "api_requests" (
    "id" BIGSERIAL NOT NULL,
    "property_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "resource_id" TEXT,
    "status" SMALLINT NOT NULL,
    "code" TEXT,
    "request_id" TEXT NOT NULL,
    "duration_ms" REAL NOT NULL,
    "idempotency_key" TEXT,
    "replayed" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "api_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_requests_property_id_id_idx" ON "api_requests"("property_id", "id" DESC);

-- CreateIndex
CREATE INDEX "api_requests_at_idx" ON "api_requests"("at");
