-- Rate plans, stay restrictions and cancellation policies (issue 22).
--
-- A rate plan is a price rule on top of the night's rate and a cancellation policy. Every
-- property gets a Standard plan that reproduces v1 (the night's rate; free cancellation until the
-- check-in date has passed), and every existing booking is given it. Room nights gain the stay
-- restrictions. The pricing, the cancellation terms and the restrictions are SQL functions, so
-- that availability, book_stay and booking changes price and judge a stay with the same code.

ALTER TYPE "AuditAction" ADD VALUE 'rate_plan_created';
ALTER TYPE "AuditAction" ADD VALUE 'rate_plan_updated';
ALTER TYPE "AuditAction" ADD VALUE 'rate_plan_deactivated';

-- CreateTable
CREATE TABLE "rate_plans" (
    "id" TEXT NOT NULL,
    "property_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "standard" BOOLEAN NOT NULL DEFAULT false,
    "price_percent" INTEGER,
    "price_amount" INTEGER,
    "cancellation_type" TEXT NOT NULL,
    "free_days_before" INTEGER,
    "cancellation_fee" TEXT,
    "room_type_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_plans_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rate_plans_name_length" CHECK (char_length("name") BETWEEN 1 AND 100),
    CONSTRAINT "rate_plans_description_length" CHECK (char_length("description") <= 500),
    CONSTRAINT "rate_plans_percent_range" CHECK ("price_percent" BETWEEN -90 AND 200),
    CONSTRAINT "rate_plans_amount_range" CHECK ("price_amount" BETWEEN -100000000 AND 100000000),
    CONSTRAINT "rate_plans_one_price_rule" CHECK ("price_percent" IS NULL OR "price_amount" IS NULL),
    CONSTRAINT "rate_plans_cancellation_type_known" CHECK ("cancellation_type" IN ('free_until', 'non_refundable')),
    CONSTRAINT "rate_plans_free_until_complete" CHECK (
      ("cancellation_type" = 'free_until') = ("free_days_before" IS NOT NULL AND "cancellation_fee" IS NOT NULL)),
    CONSTRAINT "rate_plans_free_days_range" CHECK ("free_days_before" BETWEEN 0 AND 365),
    CONSTRAINT "rate_plans_fee_known" CHECK ("cancellation_fee" IN ('first_night', 'full_stay')),
    -- The Standard plan is v1's terms, always on sale for every room type.
    CONSTRAINT "rate_plans_standard_is_v1" CHECK (NOT "standard" OR (
      "active" AND "price_percent" IS NULL AND "price_amount" IS NULL AND "cancellation_type" = 'free_until'
      AND "free_days_before" = 0 AND cardinality("room_type_ids") = 0))
);

CREATE INDEX "rate_plans_property_id_idx" ON "rate_plans"("property_id");
-- One Standard plan per property.
CREATE UNIQUE INDEX "rate_plans_one_standard_per_property" ON "rate_plans"("property_id") WHERE "standard";
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing property's Standard plan (ids as lib/ids.ts draws them: rp_ and 20 Crockford base-32 characters).
INSERT INTO "rate_plans" ("id", "property_id", "name", "description", "standard", "cancellation_type", "free_days_before", "cancellation_fee", "updated_at")
SELECT 'rp_' || (
         SELECT string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', 1 + floor(random() * 32)::int, 1), '')
         FROM generate_series(1, 20) WHERE p.id IS NOT NULL),
       p.id, 'Standard', 'Free cancellation until the day of arrival.', true, 'free_until', 0, 'first_night', now()
FROM "properties" p;

-- Stay restrictions.
ALTER TABLE "room_nights" ADD COLUMN     "closed_to_arrival" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "closed_to_departure" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "max_stay" INTEGER,
ADD COLUMN     "min_stay" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "room_nights_min_stay_range" CHECK ("min_stay" BETWEEN 1 AND 30),
ADD CONSTRAINT "room_nights_max_stay_range" CHECK ("max_stay" BETWEEN 1 AND 30);

-- Bookings: the plan they were sold with and their cancellation terms, fixed at booking.
ALTER TABLE "bookings" ADD COLUMN     "cancellation_fee" INTEGER,
ADD COLUMN     "cancellation_policy" JSONB,
ADD COLUMN     "fee_from" TIMESTAMPTZ(3),
ADD COLUMN     "free_until" DATE,
ADD COLUMN     "fee_amount" INTEGER,
ADD COLUMN     "rate_plan_id" TEXT,
ADD COLUMN     "rate_plan_name" TEXT;

-- Existing bookings: the Standard plan's terms (free until the end of the check-in date at the property; the fee then is the first night's).
UPDATE "bookings" b SET
  "rate_plan_id" = rp."id",
  "rate_plan_name" = rp."name",
  "cancellation_policy" = '{"type": "free_until", "daysBefore": 0, "fee": "first_night"}',
  "free_until" = b."checkin",
  "fee_from" = ((b."checkin" + 1)::timestamp AT TIME ZONE p."timezone"),
  "fee_amount" = COALESCE((b."nightly_prices"->0->>'amount')::int, b."total_amount"),
  "cancellation_fee" = CASE WHEN b."status" = 'cancelled' THEN 0 END
FROM "rate_plans" rp, "properties" p
WHERE rp."property_id" = b."property_id" AND rp."standard" AND p."id" = b."property_id";

ALTER TABLE "bookings" ALTER COLUMN "cancellation_policy" SET NOT NULL,
ALTER COLUMN "fee_amount" SET NOT NULL,
ALTER COLUMN "rate_plan_id" SET NOT NULL,
ALTER COLUMN "rate_plan_name" SET NOT NULL,
ADD CONSTRAINT "bookings_cancellation_fee_range" CHECK ("cancellation_fee" >= 0),
ADD CONSTRAINT "bookings_fee_amount_range" CHECK ("fee_amount" >= 0),
ADD CONSTRAINT "bookings_free_until_with_fee_from" CHECK (("free_until" IS NULL) = ("fee_from" IS NULL)),
ADD CONSTRAINT "bookings_fee_only_when_cancelled" CHECK (("cancellation_fee" IS NULL) = ("status" = 'confirmed'));

ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate_plan_id_fkey" FOREIGN KEY ("rate_plan_id") REFERENCES "rate_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "bookings_rate_plan_id_idx" ON "bookings"("rate_plan_id");

-- The price of one night under a plan's rule: the rate changed by `percent` (rounded half up to
-- the minor unit) or by `amount`, never below 0; the rate itself when the plan has no rule.
CREATE FUNCTION rate_plan_price(rate int, percent int, amount int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN percent IS NOT NULL THEN ((rate::bigint * (100 + percent) + 50) / 100)::int
    WHEN amount IS NOT NULL THEN GREATEST(0, rate + amount)
    ELSE rate
  END
$$;

-- The cancellation terms of a stay, in four small SQL functions that PostgreSQL inlines into the
-- statements that call them (a single SELECT of an expression: no per-call planning, which a
-- SQL function with a FROM or a subquery would cost on every call):
-- free_cancellation_until: the last date (at the property) on which cancelling a stay arriving on
-- `checkin`, sold on `today`, is free: `days_before` days before check-in; null when the plan is
-- non-refundable or that date has already passed.
CREATE FUNCTION free_cancellation_until(policy_type text, days_before int, checkin date, today date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN policy_type = 'free_until' AND checkin - days_before >= today THEN checkin - days_before END
$$;

-- cancellation_fee_from: the instant the fee starts, the midnight after free_until at the property.
CREATE FUNCTION cancellation_fee_from(free_until date, tz text) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (free_until + 1)::timestamp AT TIME ZONE tz
$$;

-- cancellation_fee_amount: what cancelling costs once the fee applies: the first night or the whole stay (non-refundable: the stay).
CREATE FUNCTION cancellation_fee_amount(policy_type text, fee text, first_night bigint, total bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN policy_type = 'free_until' AND fee = 'first_night' THEN first_night ELSE total END
$$;

-- cancellation_terms: the terms as the partner API shows them: { refundable, freeUntil, feeFrom, fee }.
CREATE FUNCTION cancellation_terms(free_until date, fee_from timestamptz, fee_amount bigint, currency text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'refundable', free_until IS NOT NULL,
    'freeUntil', to_char(free_until, 'YYYY-MM-DD'),
    'feeFrom', to_char(fee_from AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'fee', jsonb_build_object('amount', fee_amount, 'currency', currency))
$$;

-- The first stay restriction a stay of a room type breaks, or null: closed to arrival on its
-- check-in date, its length against the min and max stay of its arrival night, closed to
-- departure on its check-out date, in that order. A booking change asks only about what it
-- moves (arrival: CTA; length: min and max stay; departure: CTD). PL/pgSQL, so that its two
-- lookups are planned once per connection.
CREATE FUNCTION stay_restriction(room_type text, checkin date, checkout date,
                                 arrival boolean DEFAULT true, length boolean DEFAULT true, departure boolean DEFAULT true) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  a record;
  nights int := checkout - checkin;
BEGIN
  IF arrival OR length THEN
    SELECT n.date, n.closed_to_arrival, n.min_stay, n.max_stay INTO a FROM room_nights n WHERE n.room_type_id = room_type AND n.date = checkin;
    IF FOUND THEN
      IF arrival AND a.closed_to_arrival THEN
        RETURN jsonb_build_object('rule', 'closed_to_arrival', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', true);
      ELSIF length AND nights < a.min_stay THEN
        RETURN jsonb_build_object('rule', 'min_stay', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', a.min_stay);
      ELSIF length AND nights > a.max_stay THEN
        RETURN jsonb_build_object('rule', 'max_stay', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', a.max_stay);
      END IF;
    END IF;
  END IF;
  IF departure AND EXISTS (SELECT 1 FROM room_nights d WHERE d.room_type_id = room_type AND d.date = checkout AND d.closed_to_departure) THEN
    RETURN jsonb_build_object('rule', 'closed_to_departure', 'date', to_char(checkout, 'YYYY-MM-DD'), 'value', true);
  END IF;
  RETURN NULL;
END
$$;

-- book_stay: as 20261125194920_desk_bookings (every check kept, in the same order), and the
-- rate plan: p gains ratePlanId (null: the Standard plan), today and timezone (the property's).
-- An unknown or inactive plan, or one not sold for the room type, is 'unknown_rate_plan'; a stay
-- that breaks a restriction of the room type is 'stay_restricted' (after the nights are locked,
-- before they are checked for rooms). The nights are priced with the plan's rule, the
-- cancellation terms fixed from its policy; both go into the booking, its event and the outcome.
CREATE OR REPLACE FUNCTION book_stay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_property text := p->>'propertyId';
  v_key text := p->>'idempotencyKey';
  v_checkin date := (p->>'checkin')::date;
  v_checkout date := (p->>'checkout')::date;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_existing text;
  v_room record;
  v_plan record;
  v_bad record;
  v_restriction jsonb;
  v_total bigint;
  v_first bigint;
  v_nightly jsonb;
  v_policy jsonb;
  v_free_until date;
  v_fee_from timestamptz;
  v_fee bigint;
  v_terms jsonb;
  v_rate_plan jsonb;
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
  SELECT id, name, price_percent, price_amount, cancellation_type, free_days_before, cancellation_fee INTO v_plan
  FROM rate_plans
  WHERE property_id = v_property AND active
    AND CASE WHEN p->>'ratePlanId' IS NULL THEN standard ELSE id = p->>'ratePlanId' END
    AND (cardinality(room_type_ids) = 0 OR v_room.id = ANY(room_type_ids));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknown_rate_plan', 'name', v_room.name);
  END IF;

  PERFORM 1 FROM room_nights
  WHERE room_type_id = v_room.id AND date >= v_checkin AND date < v_checkout
  ORDER BY date FOR UPDATE;
  v_restriction := stay_restriction(v_room.id, v_checkin, v_checkout);
  IF v_restriction IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'stay_restricted', 'restriction', v_restriction);
  END IF;
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
    RETURNING date, rate_plan_price(price, v_plan.price_percent, v_plan.price_amount) AS amount
  )
  SELECT sum(amount), (array_agg(amount ORDER BY date))[1],
         jsonb_agg(jsonb_build_object('date', to_char(date, 'YYYY-MM-DD'), 'amount', amount) ORDER BY date)
  INTO v_total, v_first, v_nightly
  FROM moved;

  v_policy := CASE WHEN v_plan.cancellation_type = 'free_until'
    THEN jsonb_build_object('type', 'free_until', 'daysBefore', v_plan.free_days_before, 'fee', v_plan.cancellation_fee)
    ELSE jsonb_build_object('type', 'non_refundable') END;
  v_free_until := free_cancellation_until(v_plan.cancellation_type, v_plan.free_days_before, v_checkin, (p->>'today')::date);
  v_fee_from := cancellation_fee_from(v_free_until, p->>'timezone');
  v_fee := cancellation_fee_amount(v_plan.cancellation_type, v_plan.cancellation_fee, v_first, v_total);
  v_terms := cancellation_terms(v_free_until, v_fee_from, v_fee, p->>'currency');
  v_rate_plan := jsonb_build_object('id', v_plan.id, 'name', v_plan.name);

  INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults,
    guest_first_name, guest_last_name, guest_email, total_amount, currency, nightly_prices,
    external_reference, api_key_id, idempotency_key, request_fingerprint, created_at, updated_at,
    source, staff_user_id, guest_phone, staff_note,
    rate_plan_id, rate_plan_name, cancellation_policy, free_until, fee_from, fee_amount)
  VALUES (p->>'bookingId', p->>'reference', v_property, v_room.id, 'confirmed', v_checkin, v_checkout, (p->>'adults')::int,
    p->>'firstName', p->>'lastName', p->>'email', v_total, p->>'currency', v_nightly,
    p->>'externalReference', p->>'apiKeyId', v_key, p->>'fingerprint', v_now, v_now,
    p->>'source', p->>'staffUserId', p->>'guestPhone', p->>'staffNote',
    v_plan.id, v_plan.name, v_policy, v_free_until, v_fee_from, v_fee);

  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.created', p->>'bookingId',
    jsonb_build_object('booking', (p->'view') || jsonb_build_object('price', jsonb_build_object('amount', v_total, 'currency', p->>'currency'),
      'nightly', v_nightly, 'ratePlan', v_rate_plan, 'cancellation', v_terms)),
    v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);

  RETURN jsonb_build_object('kind', 'created', 'total', v_total, 'nightly', v_nightly, 'ratePlan', v_rate_plan, 'cancellation', v_terms);
END
$$;

-- cancel_booking: as 20261125160936_booking_history, and the fee: p.view.cancellationFee.amount
-- (what cancelling cost, worked out by the caller from the booking's terms and the time) is kept
-- in bookings.cancellation_fee.
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
  INSERT INTO events (id, property_id, type, booking_id, data, created_at)
  VALUES (p->>'eventId', v_property, 'booking.cancelled', v_booking.id, jsonb_build_object('booking', p->'view'), v_now);
  PERFORM queue_event_dispatch(p->>'eventId', v_property);
  RETURN 'cancelled';
END
$$;
