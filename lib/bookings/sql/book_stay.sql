-- book_stay: a new booking, in one statement and one transaction (lib/bookings/create-booking.ts
-- calls it), built from the write rules' pieces: the Idempotency-Key (hold_idempotency_key: an
-- earlier use answers at once, writing nothing), the stay's rules (check_stay: room type,
-- capacity, plan, restrictions), its nights locked and checked (hold_nights) and taken
-- (move_nights), priced for the party (night_prices, with check_stay's extras) with the plan's terms as of today
-- (stay_cancellation_terms), the booking written (write_booking) and its booking.created event
-- (record_booking_event). p: { booking: the domain's Booking without its price, view: the same
-- as the API shows it, ratePlanId (null: the Standard plan), today, timezone, eventId, actor,
-- traceContext }. Returns a refusal
-- ({ kind, …facts }, nothing written), { kind: "key_used", usedBy, bookingId, fingerprint }, or
-- { kind: "created", price, nightly, extras, ratePlan, cancellationPolicy, cancellation }.
CREATE OR REPLACE FUNCTION book_stay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_booking jsonb := p->'booking';
  v_property text := v_booking->>'propertyId';
  v_room_type text := v_booking->>'roomTypeId';
  v_checkin date := (v_booking->'stay'->>'checkin')::date;
  v_checkout date := (v_booking->'stay'->>'checkout')::date;
  v_nights date[] := ARRAY(SELECT generate_series(v_checkin, v_checkout - 1, interval '1 day')::date);
  v_earlier jsonb;
  v_check jsonb;
  v_plan jsonb;
  v_refusal jsonb;
  v_nightly jsonb;
  v_priced jsonb;
BEGIN
  IF v_booking->>'idempotencyKey' IS NOT NULL THEN
    v_earlier := hold_idempotency_key(v_property, v_booking->>'idempotencyKey');
    IF v_earlier IS NOT NULL THEN
      RETURN v_earlier || jsonb_build_object('kind', 'key_used');
    END IF;
  END IF;

  v_check := check_stay(v_property, v_room_type, v_booking->'party', p->>'ratePlanId', 'sell',
    v_checkin, v_checkout, true, true, true);
  IF v_check->>'kind' <> 'ok' THEN
    RETURN v_check;
  END IF;
  v_refusal := hold_nights(v_room_type, v_nights, NULL, NULL);
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal || jsonb_build_object('kind', 'no_availability', 'name', v_check->>'roomTypeName');
  END IF;
  PERFORM move_nights(v_room_type, v_nights, 1);

  v_plan := v_check->'plan';
  v_nightly := night_prices(v_room_type, v_nights, (v_plan->>'pricePercent')::int, (v_plan->>'priceAmount')::int,
    (SELECT coalesce(sum((extra->>'count')::int * (extra->'amount'->>'amount')::int), 0)::int FROM jsonb_array_elements(v_check->'extras') AS extra));
  v_priced := jsonb_build_object(
    'price', jsonb_build_object('amount', (SELECT sum((night->>'amount')::bigint) FROM jsonb_array_elements(v_nightly) AS night), 'currency', v_booking->'price'->'currency'),
    'nightly', v_nightly,
    'extras', v_check->'extras',
    'ratePlan', jsonb_build_object('id', v_plan->'id', 'name', v_plan->'name'),
    'cancellationPolicy', v_plan->'policy',
    'cancellation', stay_cancellation_terms(v_plan->'policy', v_checkin, (p->>'today')::date, p->>'timezone', v_nightly, v_booking->'price'->>'currency'));
  v_booking := v_booking || v_priced;
  PERFORM write_booking(v_booking);
  PERFORM record_booking_event(p->>'eventId', 'booking.created', v_booking,
    jsonb_build_object('booking', (p->'view') || (v_priced - 'cancellationPolicy')), p->'actor', p->>'traceContext');
  RETURN v_priced || jsonb_build_object('kind', 'created');
END
$$;
