-- book_stay: a new booking, in one statement and one transaction (lib/bookings/create-booking.ts
-- calls it), built from the write rules' pieces: the Idempotency-Key (hold_idempotency_key: an
-- earlier use answers at once, writing nothing), the stay's rules (check_stay: room type,
-- capacity, plan, restrictions), its nights locked and checked (hold_nights) and taken
-- (move_nights), priced for the party with the plan's terms as of today (price_stay), the
-- booking written (write_booking) and its booking.created event (record_booking_event).
-- p: { booking: the domain's Booking without its price, view: the same as the API shows it,
-- ratePlanId (null: the Standard plan), today, timezone, eventId, actor, traceContext }. Returns
-- a refusal ({ kind, …facts }, nothing written), { kind: "key_used", usedBy, …the earlier use },
-- or { kind: "created", price, nightly, extras, ratePlan, cancellationPolicy, cancellation }.
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
  v_refusal jsonb;
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

  v_priced := price_stay(v_check, v_room_type, v_nights, (p->>'today')::date, p->>'timezone', v_booking->'price'->>'currency');
  v_booking := v_booking || v_priced;
  PERFORM write_booking(v_booking);
  PERFORM record_booking_event(p->>'eventId', 'booking.created', v_booking,
    jsonb_build_object('booking', (p->'view') || (v_priced - 'cancellationPolicy')), p->'actor', p->>'traceContext');
  RETURN v_priced || jsonb_build_object('kind', 'created');
END
$$;
