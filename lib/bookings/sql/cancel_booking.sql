-- cancel_booking: the write half of lib/bookings/cancel-booking.ts, in one statement, built from
-- the write rules' pieces. Locks the booking and answers "not_found", "not_confirmed" (already
-- cancelled) or "stale" (changed since the caller read it: read again) unless it is still as
-- read; then gives its nights back (hold_nights, move_nights), writes it as the caller
-- cancelled it (write_booking: status, time, reason, fee), records who cancelled it
-- (record_booking_history) and its booking.cancelled event (record_booking_event). p: { booking:
-- the domain's Booking as cancelled, view: the same as the API shows it, readAt, historyId,
-- eventId, actor, traceContext }. Returns "cancelled".
CREATE OR REPLACE FUNCTION cancel_booking(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_booking record;
  v_nights date[];
BEGIN
  SELECT id, room_type_id, checkin, checkout, status, updated_at INTO v_booking
  FROM bookings WHERE id = p->'booking'->>'id' AND property_id = p->'booking'->>'propertyId'
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

  v_nights := ARRAY(SELECT generate_series(v_booking.checkin, v_booking.checkout - 1, interval '1 day')::date);
  PERFORM hold_nights(NULL, NULL, v_booking.room_type_id, v_nights);
  PERFORM move_nights(v_booking.room_type_id, v_nights, -1);
  PERFORM write_booking(p->'booking');
  PERFORM record_booking_history(p->>'historyId', 'cancelled', p->'booking', p->'actor', NULL, NULL, NULL, NULL);
  PERFORM record_booking_event(p->>'eventId', 'booking.cancelled', p->'booking', jsonb_build_object('booking', p->'view'), p->'actor', p->>'traceContext');
  RETURN 'cancelled';
END
$$;
