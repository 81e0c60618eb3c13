-- hold_idempotency_key: the one key space of a property's creations, changes and booking groups.
-- Takes the key's transaction-scoped advisory lock, waiting at most 5 s for a request that holds
-- it (then lock_not_available: the caller answers idempotency_key_in_use), and says what the key
-- was used for before: { usedBy: "creation" | "change", bookingId, fingerprint } or { usedBy:
-- "group", groupId, fingerprint } (the request's SHA-256, to tell a replay from another
-- request), or null when it is new. The unique indexes on (property, idempotency key) of
-- bookings, booking_history and booking_groups are the last word.
CREATE OR REPLACE FUNCTION hold_idempotency_key(p_property text, p_key text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id text;
  v_fingerprint text;
BEGIN
  PERFORM set_config('lock_timeout', '5s', true);
  PERFORM pg_advisory_xact_lock(hashtextextended(p_property || ':' || p_key, 0));
  PERFORM set_config('lock_timeout', '0', true);
  SELECT id, request_fingerprint INTO v_id, v_fingerprint FROM bookings WHERE property_id = p_property AND idempotency_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object('usedBy', 'creation', 'bookingId', v_id, 'fingerprint', v_fingerprint);
  END IF;
  SELECT booking_id, request_fingerprint INTO v_id, v_fingerprint FROM booking_history WHERE property_id = p_property AND idempotency_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object('usedBy', 'change', 'bookingId', v_id, 'fingerprint', v_fingerprint);
  END IF;
  SELECT id, request_fingerprint INTO v_id, v_fingerprint FROM booking_groups WHERE property_id = p_property AND idempotency_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object('usedBy', 'group', 'groupId', v_id, 'fingerprint', v_fingerprint);
  END IF;
  RETURN NULL;
END
$$;
