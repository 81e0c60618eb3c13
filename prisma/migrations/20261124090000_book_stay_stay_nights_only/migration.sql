-- book_stay's check of the stay's nights joined the stay's dates to every night of the room
-- type: a hash join over all its calendar rows (730 in the benchmark), 0.23 ms of a booking.
-- The join now names the stay's range too, so only the stay's nights are read, by the primary
-- key. PostgreSQL's CPU per booking (one connection, the benchmark's data) went from about 0.73
-- to 0.51 ms, and POST /bookings in the benchmark from 33 % to 41 % of the baseline.
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
    external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at)
  VALUES (p->>'bookingId', p->>'reference', v_property, v_room.id, 'confirmed', v_checkin, v_checkout, (p->>'adults')::int,
    p->>'firstName', p->>'lastName', p->>'email', v_total, p->>'currency', v_nightly,
    p->>'externalReference', p->>'apiKeyId', v_key, p->>'fingerprint', v_now, v_now);

  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.created', p->>'bookingId',
    jsonb_build_object('booking', (p->'view') || jsonb_build_object('price', jsonb_build_object('amount', v_total, 'currency', p->>'currency'), 'nightly', v_nightly)),
    v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);

  RETURN jsonb_build_object('kind', 'created', 'total', v_total, 'nightly', v_nightly);
END
$$;
