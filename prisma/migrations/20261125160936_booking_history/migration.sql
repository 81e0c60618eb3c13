-- Booking changes (issue 20). The booking_history table keeps each change (and each
-- cancellation) of a booking with who made it; a change's Idempotency-Key lives there, in one
-- key space per property with creations. book_stay refuses a key already used for a change;
-- cancel_booking locks the booking's nights in (room type, date) order (the lock order of every
-- write that takes or gives back nights), re-checks under its lock that the booking is the one
-- its caller read (a change may have moved its stay since), and records who cancelled.
-- Webhook endpoints subscribed to every event type get the new booking.changed too.

-- CreateEnum
CREATE TYPE "BookingHistoryKind" AS ENUM ('changed', 'cancelled');

-- CreateTable
CREATE TABLE "booking_history" (
    "id" TEXT NOT NULL,
    "property_id" TEXT NOT NULL,
    "booking_id" TEXT NOT NULL,
    "kind" "BookingHistoryKind" NOT NULL,
    "api_key_id" TEXT,
    "staff_user_id" TEXT,
    "actor_label" TEXT NOT NULL,
    "previous" JSONB,
    "current" JSONB,
    "idempotency_key" TEXT,
    "request_fingerprint" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_history_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "booking_history_booking_id_created_at_idx" ON "booking_history"("booking_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "booking_history_property_id_idempotency_key_key" ON "booking_history"("property_id", "idempotency_key");

-- AddForeignKey
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- book_stay: as 20261124090000_book_stay_stay_nights_only, and a key already used for a change
-- of a booking is answered 'key_used_for_change' (the API's 422 idempotency_key_reused).
CREATE OR REPLACE FUNCTION book_stay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_key text := p->>'idempotencyKey';
  v_checkin date := (p->>'checkin')::date;
  v_checkout date := (p->>'checkout')::date;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_existing text;
  v_room record;
  v_bad record;
  v_total bigint;
  v_nightly jsonb;
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

  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_room.id AND date >= v_checkin AND date < v_checkout
  ORDER BY date FOR UPDATE;
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
    RETURNING date, price
  )
  SELECT sum(price), jsonb_agg(jsonb_build_object('date', to_char(date, 'YYYY-MM-DD'), 'amount', price) ORDER BY date)
  INTO v_total, v_nightly
  FROM moved;

  INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
    guest_first_name, guest_last_name, guest_email, total_amount, currency, nightly_prices,
    external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at)
  VALUES (p->>'bookingId', p->>'reference', v_property, v_room.id, 'confirmed', v_checkin, v_checkout, (p->>'adults')::int,
    p->>'firstName', p->>'lastName', p->>'email', v_total, p->>'currency', v_nightly,
    p->>'externalReference', p->>'apiKeyId', v_key, p->>'fingerprint', v_now, v_now);

  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.created', p->>'bookingId',
    jsonb_build_object('booking', (p->'view') || jsonb_build_object('price', jsonb_build_object('amount', v_total, 'currency', p->>'currency'), 'nightly', v_nightly)),
    v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);

  RETURN jsonb_build_object('kind', 'created', 'total', v_total, 'nightly', v_nightly);
END
$$;

-- cancel_booking: p: { propertyId, bookingId, readAt (the updatedAt the caller read), now, reason?,
-- eventId, view, historyId, apiKeyId?, staffUserId?, actorLabel }.
-- Returns 'cancelled', 'not_confirmed' (cancelled first by another request), 'stale' (changed
-- since the caller read it: read again) or 'not_found'.
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

  UPDATE bookings SET status = 'cancelled', cancelled_at = v_now, updated_at = v_now, cancellation_reason = p->>'reason'
  WHERE id = v_booking.id;
  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_booking.room_type_id AND date >= v_booking.checkin AND date < v_booking.checkout
  ORDER BY room_type_id, date FOR UPDATE;
  UPDATE room_nights SET rooms_sold = rooms_sold - 1, updated_at = now()
  WHERE room_type_id = v_booking.room_type_id AND date >= v_booking.checkin AND date < v_booking.checkout;

  INSERT INTO booking_history (id, property_id, booking_id, kind, api_key_id, staff_user_id, actor_label, created_at)
  VALUES (p->>'historyId', v_property, v_booking.id, 'cancelled', p->>'apiKeyId', p->>'staffUserId', p->>'actorLabel', v_now);
  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.cancelled', v_booking.id, jsonb_build_object('booking', p->'view'), v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);
  RETURN 'cancelled';
END
$$;

-- The new event type.
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN ('booking.created', 'booking.changed', 'booking.cancelled'));
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_known";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_known"
  CHECK (cardinality("events") >= 1 AND "events" <@ ARRAY['booking.created', 'booking.changed', 'booking.cancelled']::text[]);
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_changed_has_fields"
  CHECK (("kind" = 'changed') = ("previous" IS NOT NULL AND "current" IS NOT NULL));

-- Endpoints that took every event type take the new one too (in lib/events/event-types.ts order).
UPDATE webhook_endpoints SET events = ARRAY['booking.created', 'booking.changed', 'booking.cancelled']
WHERE events @> ARRAY['booking.created', 'booking.cancelled'];
