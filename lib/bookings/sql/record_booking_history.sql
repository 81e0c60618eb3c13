-- record_booking_history: who changed or cancelled a booking, and when (its updatedAt), in its
-- history: p_kind "changed" (with each changed field before and after, and the change's
-- Idempotency-Key and request fingerprint, if it had a key) or "cancelled".
CREATE OR REPLACE FUNCTION record_booking_history(p_id text, p_kind text, p_booking jsonb, p_actor jsonb,
                                                  p_previous jsonb, p_current jsonb, p_key text, p_fingerprint text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_history (id, property_id, booking_id, kind, api_key_id, staff_user_id, actor_label, previous, current,
    idempotency_key, request_fingerprint, created_at)
  VALUES (p_id, p_booking->>'propertyId', p_booking->>'id', p_kind::"BookingHistoryKind", p_actor->>'apiKeyId', p_actor->>'staffId', p_actor->>'label',
    p_previous, p_current, p_key, p_fingerprint, (p_booking->>'updatedAt')::timestamptz);
END
$$;
