-- CreateTable
CREATE TABLE "ari_versions" (
    "property_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "ari_versions_pkey" PRIMARY KEY ("property_id")
);

-- CreateTable
CREATE TABLE "ari_rounds" (
    "property_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "room_type_id" TEXT NOT NULL,
    "first_night" DATE NOT NULL,
    "last_night" DATE NOT NULL,
    "raised_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ari_rounds_pkey" PRIMARY KEY ("property_id","version","room_type_id")
);

-- AddForeignKey
ALTER TABLE "ari_versions" ADD CONSTRAINT "ari_versions_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ari_rounds" ADD CONSTRAINT "ari_rounds_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A version counts rounds raised: the first is 1 (no row stands for 0). A round's range is in order.
ALTER TABLE "ari_versions" ADD CONSTRAINT "ari_versions_counted" CHECK ("version" > 0);
ALTER TABLE "ari_rounds" ADD CONSTRAINT "ari_rounds_range_in_order" CHECK ("last_night" >= "first_night");
