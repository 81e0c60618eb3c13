-- CreateTable
CREATE TABLE "ari_versions" (
    "property_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "ari_versions_pkey" PRIMARY KEY ("property_id")
);

-- AddForeignKey
ALTER TABLE "ari_versions" ADD CONSTRAINT "ari_versions_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A version counts rounds raised: the first is 1 (no row stands for 0).
ALTER TABLE "ari_versions" ADD CONSTRAINT "ari_versions_counted" CHECK ("version" > 0);
