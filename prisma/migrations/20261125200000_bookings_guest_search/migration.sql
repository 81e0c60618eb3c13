-- Finding a guest at the front desk (issue 21). Hand-written: schema.prisma cannot describe an
-- expression index, so the schema snapshot is unchanged.
--
-- The bookings list's search (lib/bookings/search-bookings.ts): each word typed must be the
-- start of a word of the guest's first name, last name, e-mail or the reference, in any
-- capitals. The words of a booking (split at white space, lower-cased) are indexed as the
-- lexemes of a tsvector, taken as they are (array_to_tsvector: no dictionary, no stemming, so
-- "ana@example.com" and "hvh-4k7q2m" stay whole); a search is a prefix tsquery such as
-- 'ana':* & 'silva':*, which GIN answers by a range scan of its sorted lexemes. Each field is
-- cut to 500 characters, so no word passes the 2,047-byte limit of a lexeme (a booking insert
-- must never fail on its index). The expression must stay identical to BOOKING_SEARCH_WORDS in
-- search-bookings.ts, or PostgreSQL cannot use the index. Built into PostgreSQL: no extension.
-- fastupdate off: each booking's words go into the index as it is written, instead of a
-- pending list that every search must read whole until a vacuum merges it (on 50,000 fresh
-- bookings that list made a search read 300 pages more; a booking writes a few entries).
CREATE INDEX "bookings_guest_search_idx" ON "bookings" USING gin (
  array_to_tsvector(array_remove(regexp_split_to_array(lower(
    left("guest_first_name", 500) || ' ' || left("guest_last_name", 500) || ' ' || left("guest_email", 500) || ' ' || left("reference", 500)
  ), '[[:space:]]+'), ''))
) WITH (fastupdate = off);

-- A booking page's "Other bookings by this guest" (lib/bookings/list-guest-bookings.ts): the
-- property's bookings with the same e-mail, in any capitals (a guest has few: sorted after).
-- The e-mail leads, so the index never looks like a way to read a property's bookings.
CREATE INDEX "bookings_guest_email_property_id_idx" ON "bookings" (lower("guest_email"), "property_id");
