-- record_booking_event: a booking's event (booking.created, .changed, .cancelled) into the
-- outbox, in the writing transaction, with its dispatch job (queue_event_dispatch). p_actor:
-- who acted ({ apiKeyId?, staffId?, label }, lib/bookings/booking-actor.ts); p_trace: the
-- request's traceparent, or null.
CREATE OR REPLACE FUNCTION record_booking_event(p_id text, p_type text, p_booking jsonb, p_data jsonb, p_actor jsonb, p_trace text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (id, property_id, type, booking_id, data, created_at, actor_api_key_id, actor_staff_user_id, trace_context)
  VALUES (p_id, p_booking->>'propertyId', p_type, p_booking->>'id', p_data, (p_booking->>'updatedAt')::timestamptz,
    p_actor->>'apiKeyId', p_actor->>'staffId', p_trace);
  PERFORM queue_event_dispatch(p_id, p_booking->>'propertyId');
END
$$;
