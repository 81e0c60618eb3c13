-- book_stay: one booking in one statement and one transaction (lib/bookings/create-booking.ts
-- calls it with one jsonb parameter). In order: the Idempotency-Key's advisory lock (a replay,
-- or a key already used by a change, answers at once); the room type, its occupancy and the rate
-- plan (active, sold for the room type; the Standard plan when none is named); the stay's nights
-- locked in date order, then its restrictions (stay_restriction) and each night open with a room
-- free; the nights' counters moved and each night priced (rate_plan_price); the cancellation
-- terms as of `today` (free_cancellation_until, cancellation_fee_*); the booking row, its
-- booking.created event (the outbox) and the event's dispatch (queue_event_dispatch). A refusal
-- returns { kind: <the refusal>, … } and writes nothing; success returns { kind: "created", … }.
CREATE OR REPLACE FUNCTION book_stay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_key text := p->>'idempotencyKey';
  v_checkin date := (p->>'checkin')::date;
  v_checkout date := (p->>'checkout')::date;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_existing text;
  v_room record;
  v_plan record;
  v_bad record;
  v_restriction jsonb;
  v_total bigint;
  v_first bigint;
  v_nightly jsonb;
  v_policy jsonb;
  v_free_until date;
  v_fee_from timestamptz;
  v_fee bigint;
  v_terms jsonb;
  v_rate_plan jsonb;
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
  SELECT id, name, price_percent, price_amount, cancellation_type, free_days_before, cancellation_fee INTO v_plan
  FROM rate_plans
  WHERE property_id = v_property AND active
    AND CASE WHEN p->>'ratePlanId' IS NULL THEN standard ELSE id = p->>'ratePlanId' END
    AND (cardinality(room_type_ids) = 0 OR v_room.id = ANY(room_type_ids));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknown_rate_plan', 'name', v_room.name);
  END IF;

  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_room.id AND date >= v_checkin AND date < v_checkout
  ORDER BY date FOR UPDATE;
  v_restriction := stay_restriction(v_room.id, v_checkin, v_checkout);
  IF v_restriction IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'stay_restricted', 'restriction', v_restriction);
  END IF;
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
    RETURNING date, rate_plan_price(price, v_plan.price_percent, v_plan.price_amount) AS amount
  )
  SELECT sum(amount), (array_agg(amount ORDER BY date))[1],
         jsonb_agg(jsonb_build_object('date', to_char(date, 'YYYY-MM-DD'), 'amount', amount) ORDER BY date)
  INTO v_total, v_first, v_nightly
  FROM moved;

  v_policy := CASE WHEN v_plan.cancellation_type = 'free_until'
    THEN jsonb_build_object('type', 'free_until', 'daysBefore', v_plan.free_days_before, 'fee', v_plan.cancellation_fee)
    ELSE jsonb_build_object('type', 'non_refundable') END;
  v_free_until := free_cancellation_until(v_plan.cancellation_type, v_plan.free_days_before, v_checkin, (p->>'today')::date);
  v_fee_from := cancellation_fee_from(v_free_until, v_checkin, p->>'timezone');
  v_fee := cancellation_fee_amount(cancellation_fee_kind(v_plan.cancellation_type, v_plan.cancellation_fee, v_free_until, v_checkin), v_first, v_total);
  v_terms := cancellation_terms(v_free_until, v_fee_from, v_fee, p->>'currency');
  v_rate_plan := jsonb_build_object('id', v_plan.id, 'name', v_plan.name);

  INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
    guest_first_name, guest_last_name, guest_email, guest_language, total_amount, currency, nightly_prices,
    external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at,
    source, staff_user_id, guest_phone, staff_note,
    rate_plan_id, rate_plan_name, cancellation_policy, free_until, fee_from, fee_amount)
  VALUES (p->>'bookingId', p->>'reference', v_property, v_room.id, 'confirmed', v_checkin, v_checkout, (p->>'adults')::int,
    p->>'firstName', p->>'lastName', p->>'email', p->>'language', v_total, p->>'currency', v_nightly,
    p->>'externalReference', p->>'apiKeyId', v_key, p->>'fingerprint', v_now, v_now,
    p->>'source', p->>'staffUserId', p->>'guestPhone', p->>'staffNote',
    v_plan.id, v_plan.name, v_policy, v_free_until, v_fee_from, v_fee);

  INSERT INTO events (id, property_id, type, booking_id, data, created_at, actor_api_key_id, actor_staff_user_id, trace_context)
  VALUES (p->>'eventId', v_property, 'booking.created', p->>'bookingId',
    jsonb_build_object('booking', (p->'view') || jsonb_build_object('price', jsonb_build_object('amount', v_total, 'currency', p->>'currency'),
      'nightly', v_nightly, 'ratePlan', v_rate_plan, 'cancellation', v_terms)),
    v_now, p->>'apiKeyId', p->>'staffUserId', p->>'traceContext');
  PERFORM queue_event_dispatch(p->>'eventId', v_property);

  RETURN jsonb_build_object('kind', 'created', 'total', v_total, 'nightly', v_nightly, 'ratePlan', v_rate_plan, 'cancellation', v_terms);
END
$$;
