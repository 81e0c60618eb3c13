-- Desk bookings (issue 21): a booking records where it was made, "api" (a partner or the guest
-- site, through the partner API) or "desk" (staff in the control panel), and at the desk by
-- whom; the guest's phone and a note for the staff are kept for the panel (never in the API).
-- Existing bookings: made with an API key, "api"; made without one (the seed's "made
-- elsewhere" bookings), "desk" with no staff member.

-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "guest_phone" TEXT,
ADD COLUMN     "source" TEXT,
ADD COLUMN     "staff_note" TEXT,
ADD COLUMN     "staff_user_id" TEXT;

UPDATE "bookings" SET "source" = CASE WHEN "api_key_id" IS NULL THEN 'desk' ELSE 'api' END;
ALTER TABLE "bookings" ALTER COLUMN "source" SET NOT NULL;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Only desk bookings have a staff member, only API bookings a key (which may since be deleted);
-- phone and note are short texts (lib/schemas/desk-bookings.ts checks them before they get here).
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_source_known" CHECK ("source" IN ('api', 'desk')),
  ADD CONSTRAINT "bookings_staff_only_at_desk" CHECK ("source" = 'desk' OR "staff_user_id" IS NULL),
  ADD CONSTRAINT "bookings_key_only_through_api" CHECK ("source" = 'api' OR "api_key_id" IS NULL),
  ADD CONSTRAINT "bookings_guest_phone_length" CHECK (char_length("guest_phone") BETWEEN 1 AND 40),
  ADD CONSTRAINT "bookings_staff_note_length" CHECK (char_length("staff_note") BETWEEN 1 AND 1000);

-- Deleting a staff member sets their desk bookings' staff_user_id to NULL: found by this index,
-- which holds desk bookings only (API bookings, the hot path, add no entry to it).
CREATE INDEX "bookings_staff_user_id_idx" ON "bookings" ("staff_user_id") WHERE "staff_user_id" IS NOT NULL;

-- book_stay: as 20261125160936_booking_history (every check kept, in the same order), and the
-- booking's source, staff member, guest phone and staff note inserted with it: p gains source
-- ("api" | "desk"), staffUserId, guestPhone and staffNote (null when not given).
CREATE OR REPLACE FUNCTION book_stay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_key text := p->>'idempotencyKey';
  v_checkin date := (p->>'checkin')::date;
  v_checkout date := (p->>'checkout')::date;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_existing text;
  v_room record;
  v_bad record;
  v_total bigint;
  v_nightly jsonb;
BEGIN
  IF v_key IS NOT NULL THEN
    PERFORM set_config('lock_timeout', '5s', true);
    PERFORM pg_advisory_xact_lock(hashtextextended(v_property || ':' || v_key, 0));
    PERFORM set_config('lock_timeout', '0', true);
    SELECT id INTO v_existing FROM bookings WHERE property_id = v_property AND idempotency_key = v_key;
    IF v_existing IS NOT NULL THEN
      RETURN jsonb_build_object('kind', 'replay', 'id', v_existing);
    END IF;
    SELECT booking_id INTO v_existing FROM booking_history WHERE property_id = v_property AND idempotency_key = v_key;
    IF v_existing IS NOT NULL THEN
      RETURN jsonb_build_object('kind', 'key_used_for_change', 'id', v_existing);
    END IF;
  END IF;

  SELECT id, name, max_adults INTO v_room FROM room_types WHERE id = p->>'roomTypeId' AND property_id = v_property;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknown_room_type');
  END IF;
  IF (p->>'adults')::int > v_room.max_adults THEN
    RETURN jsonb_build_object('kind', 'occupancy_exceeded', 'name', v_room.name, 'maxAdults', v_room.max_adults);
  END IF;

  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_room.id AND date >= v_checkin AND date < v_checkout
  ORDER BY date FOR UPDATE;
  SELECT d::date AS night, CASE WHEN n.room_type_id IS NULL OR n.closed THEN 'closed' ELSE 'sold out' END AS reason
  INTO v_bad
  FROM generate_series(v_checkin, v_checkout - 1, interval '1 day') AS d
  LEFT JOIN room_nights n ON n.room_type_id = v_room.id AND n.date = d::date AND n.date >= v_checkin AND n.date < v_checkout
  WHERE n.room_type_id IS NULL OR n.closed OR n.rooms_sold >= n.rooms_for_sale
  ORDER BY d
  LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('kind', 'no_availability', 'name', v_room.name, 'night', to_char(v_bad.night, 'YYYY-MM-DD'), 'reason', v_bad.reason);
  END IF;

  WITH moved AS (
    UPDATE room_nights SET rooms_sold = rooms_sold + 1, updated_at = now()
    WHERE room_type_id = v_room.id AND date >= v_checkin AND date < v_checkout
    RETURNING date, price
  )
  SELECT sum(price), jsonb_agg(jsonb_build_object('date', to_char(date, 'YYYY-MM-DD'), 'amount', price) ORDER BY date)
  INTO v_total, v_nightly
  FROM moved;

  INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
    guest_first_name, guest_last_name, guest_email, total_amount, currency, nightly_prices,
    external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at,
    source, staff_user_id, guest_phone, staff_note)
  VALUES (p->>'bookingId', p->>'reference', v_property, v_room.id, 'confirmed', v_checkin, v_checkout, (p->>'adults')::int,
    p->>'firstName', p->>'lastName', p->>'email', v_total, p->>'currency', v_nightly,
    p->>'externalReference', p->>'apiKeyId', v_key, p->>'fingerprint', v_now, v_now,
    p->>'source', p->>'staffUserId', p->>'guestPhone', p->>'staffNote');

  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.created', p->>'bookingId',
    jsonb_build_object('booking', (p->'view') || jsonb_build_object('price', jsonb_build_object('amount', v_total, 'currency', p->>'currency'), 'nightly', v_nightly)),
    v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);

  RETURN jsonb_build_object('kind', 'created', 'total', v_total, 'nightly', v_nightly);
END
$$;
