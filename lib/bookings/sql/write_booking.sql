-- write_booking: a booking (the domain's Booking of lib/bookings/booking.ts, as JSON) into its row:
-- the one place that maps a booking's fields to the columns of `bookings`. A new booking is
-- inserted; a booking that exists is updated in what a change or a cancellation may move (never
-- its id, reference, property, currency, source, who made it, its Idempotency-Key, its group, or
-- when its guest was erased: anonymise_booking writes that).
CREATE OR REPLACE FUNCTION write_booking(b jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bookings AS row (id, reference, property_id, room_type_id, status, checkin, checkout, adults, children_ages,
    guest_first_name, guest_last_name, guest_email, guest_language, external_reference,
    total_amount, currency, nightly_prices, extras, rate_plan_id, rate_plan_name, cancellation_policy, free_until, fee_from, fee_amount,
    source, api_key_id, staff_user_id, guest_phone, staff_note, idempotency_key, request_fingerprint,
    created_at, updated_at, cancelled_at, cancellation_reason, cancellation_fee, group_id, group_room, anonymised_at)
  VALUES (b->>'id', b->>'reference', b->>'propertyId', b->>'roomTypeId', (b->>'status')::"BookingStatus",
    (b->'stay'->>'checkin')::date, (b->'stay'->>'checkout')::date, (b->'party'->>'adults')::int,
    ARRAY(SELECT age::int FROM jsonb_array_elements_text(coalesce(b->'party'->'childrenAges', '[]')) AS age),
    b->'guest'->>'firstName', b->'guest'->>'lastName', b->'guest'->>'email', b->'guest'->>'language', b->>'externalReference',
    (b->'price'->>'amount')::int, b->'price'->>'currency', b->'nightly', coalesce(b->'extras', '[]'), b->'ratePlan'->>'id', b->'ratePlan'->>'name', b->'cancellationPolicy',
    (b->'cancellation'->>'freeUntil')::date, (b->'cancellation'->>'feeFrom')::timestamptz, (b->'cancellation'->'fee'->>'amount')::int,
    b->>'source', b->>'apiKeyId', b->>'staffUserId', b->'desk'->>'guestPhone', b->'desk'->>'staffNote', b->>'idempotencyKey', b->>'requestFingerprint',
    (b->>'createdAt')::timestamptz, (b->>'updatedAt')::timestamptz, (b->>'cancelledAt')::timestamptz, b->>'cancellationReason',
    (b->'cancellationFee'->>'amount')::int, b->'group'->>'id', (b->'group'->>'room')::smallint, (b->>'anonymisedAt')::timestamptz)
  ON CONFLICT (id) DO UPDATE SET (room_type_id, status, checkin, checkout, adults, children_ages,
    guest_first_name, guest_last_name, guest_email, guest_language, external_reference,
    total_amount, nightly_prices, extras, rate_plan_id, rate_plan_name, cancellation_policy, free_until, fee_from, fee_amount,
    guest_phone, staff_note, updated_at, cancelled_at, cancellation_reason, cancellation_fee)
  = ROW(EXCLUDED.room_type_id, EXCLUDED.status, EXCLUDED.checkin, EXCLUDED.checkout, EXCLUDED.adults, EXCLUDED.children_ages,
    EXCLUDED.guest_first_name, EXCLUDED.guest_last_name, EXCLUDED.guest_email, EXCLUDED.guest_language, EXCLUDED.external_reference,
    EXCLUDED.total_amount, EXCLUDED.nightly_prices, EXCLUDED.extras, EXCLUDED.rate_plan_id, EXCLUDED.rate_plan_name, EXCLUDED.cancellation_policy,
    EXCLUDED.free_until, EXCLUDED.fee_from, EXCLUDED.fee_amount,
    EXCLUDED.guest_phone, EXCLUDED.staff_note, EXCLUDED.updated_at, EXCLUDED.cancelled_at, EXCLUDED.cancellation_reason, EXCLUDED.cancellation_fee);
END
$$;
