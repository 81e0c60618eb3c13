-- A cancellation in one round trip (lib/bookings/cancel-booking.ts calls it as one statement,
-- so it runs in one transaction): the booking locked and its status checked again under the
-- lock, the booking marked cancelled, its nights' counters given back, the booking.cancelled
-- event (the outbox) inserted and its dispatch job queued (queue_event_dispatch). The caller
-- has read the booking and checked its dates before (a booking's stay never changes) and
-- passes the booking as the API shows it once cancelled.
--
-- p: { propertyId, bookingId, now, reason?, eventId, view }
-- Returns 'cancelled', 'not_confirmed' (another request cancelled it first) or 'not_found'.
CREATE FUNCTION cancel_booking(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_now timestamptz := (p->>'now')::timestamptz;
  v_booking record;
BEGIN
  SELECT id, room_type_id, checkin, checkout, status INTO v_booking
  FROM bookings WHERE id = p->>'bookingId' AND property_id = v_property
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  IF v_booking.status <> 'confirmed' THEN
    RETURN 'not_confirmed';
  END IF;

  UPDATE bookings SET status = 'cancelled', cancelled_at = v_now, updated_at = v_now, cancellation_reason = p->>'reason'
  WHERE id = v_booking.id;
  UPDATE room_nights SET rooms_sold = rooms_sold - 1, updated_at = now()
  WHERE room_type_id = v_booking.room_type_id AND date >= v_booking.checkin AND date < v_booking.checkout;

  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.cancelled', v_booking.id, jsonb_build_object('booking', p->'view'), v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);
  RETURN 'cancelled';
END
$$;
