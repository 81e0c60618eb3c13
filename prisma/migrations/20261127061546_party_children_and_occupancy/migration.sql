-- Families (issue 37): children with their ages, a room type's occupancy limits and extra-guest
-- prices, the property's children's age bands.

-- The property's age bands: one band 0–17 at 0 until the hotel sets its own (Settings › Property).
ALTER TABLE "properties" ADD COLUMN     "child_age_bands" JSONB NOT NULL DEFAULT '[{"name": "Child", "fromAge": 0, "toAge": 17, "amount": 0}]';
ALTER TABLE "properties"
  ADD CONSTRAINT "properties_child_age_bands_array" CHECK (jsonb_typeof("child_age_bands") = 'array' AND jsonb_array_length("child_age_bands") BETWEEN 1 AND 3);

-- A room type's limits and extra-guest price: today's room types take no children, and their
-- rate covers every adult they take (so no price moves).
ALTER TABLE "room_types" ADD COLUMN     "adults_included" INTEGER,
ADD COLUMN     "extra_adult" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "max_children" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "max_occupancy" INTEGER;
UPDATE "room_types" SET "adults_included" = "max_adults", "max_occupancy" = "max_adults";
ALTER TABLE "room_types" ALTER COLUMN "adults_included" SET NOT NULL, ALTER COLUMN "max_occupancy" SET NOT NULL;
ALTER TABLE "room_types"
  ADD CONSTRAINT "room_types_max_children_not_negative" CHECK ("max_children" >= 0),
  ADD CONSTRAINT "room_types_max_occupancy_takes_max_adults" CHECK ("max_occupancy" >= "max_adults"),
  ADD CONSTRAINT "room_types_adults_included_in_range" CHECK ("adults_included" BETWEEN 1 AND "max_adults"),
  ADD CONSTRAINT "room_types_extra_adult_not_negative" CHECK ("extra_adult" >= 0);

-- A booking's children (their ages) and what its nights' prices add for the party.
ALTER TABLE "bookings" ADD COLUMN     "children_ages" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "extras" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_children_ages_given" CHECK ("children_ages" IS NOT NULL AND cardinality("children_ages") <= 10);

-- check_stay takes the party (adults and children's ages), night_prices the party's extras a
-- night: new arguments, so the old functions go (lib/bookings/sql makes the new ones).
DROP FUNCTION IF EXISTS check_stay(text, text, int, text, text, date, date, boolean, boolean, boolean);
DROP FUNCTION IF EXISTS night_prices(text, date[], int, int);
