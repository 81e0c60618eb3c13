-- cancel_booking: the write half of lib/bookings/cancel-booking.ts, in one statement: locks the
-- booking, answers "not_found", "not_confirmed" (already cancelled) or "stale" (changed since the
-- caller read it: read again) unless it is still as read, then cancels it with the fee the caller
-- worked out, gives its nights back (locked in (room type, date) order), records who cancelled
-- it in its history and writes the booking.cancelled event and its dispatch. Returns "cancelled".
CREATE OR REPLACE FUNCTION cancel_booking(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_now timestamptz := (p->>'now')::timestamptz;
  v_booking record;
BEGIN
  SELECT id, room_type_id, checkin, checkout, status, updated_at INTO v_booking
  FROM bookings WHERE id = p->>'bookingId' AND property_id = v_property
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  IF v_booking.status <> 'confirmed' THEN
    RETURN 'not_confirmed';
  END IF;
  IF v_booking.updated_at <> (p->>'readAt')::timestamptz THEN
    RETURN 'stale';
  END IF;

  UPDATE bookings SET status = 'cancelled', cancelled_at = v_now, updated_at = v_now, cancellation_reason = p->>'reason',
    cancellation_fee = (p->'view'->'cancellationFee'->>'amount')::int
  WHERE id = v_booking.id;
  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_booking.room_type_id AND date >= v_booking.checkin AND date < v_booking.checkout
  ORDER BY room_type_id, date FOR UPDATE;
  UPDATE room_nights SET rooms_sold = rooms_sold - 1, updated_at = now()
  WHERE room_type_id = v_booking.room_type_id AND date >= v_booking.checkin AND date < v_booking.checkout;

  INSERT INTO booking_history (id, property_id, booking_id, kind, api_key_id, staff_user_id, actor_label, created_at)
  VALUES (p->>'historyId', v_property, v_booking.id, 'cancelled', p->>'apiKeyId', p->>'staffUserId', p->>'actorLabel', v_now);
  INSERT INTO events (id, property_id, type, booking_id, data, created_at, actor_api_key_id, actor_staff_user_id, trace_context)
  VALUES (p->>'eventId', v_property, 'booking.cancelled', v_booking.id, jsonb_build_object('booking', p->'view'), v_now,
    p->>'apiKeyId', p->>'staffUserId', p->>'traceContext');
  PERFORM queue_event_dispatch(p->>'eventId', v_property);
  RETURN 'cancelled';
END
$$;
