-- The cancellation terms of a stay, in small SQL functions that PostgreSQL inlines into the
-- statements that call them (a single SELECT of an expression: no per-call planning, which a
-- SQL function with a FROM or a subquery would cost on every call): free_cancellation_until,
-- cancellation_fee_kind, cancellation_fee_from, cancellation_fee_amount and cancellation_terms.
-- free_cancellation_until: the last date (at the property) on which cancelling a stay arriving on
-- `checkin`, sold on `today`, is free: `days_before` days before check-in; null when the plan is
-- non-refundable or that date has already passed.
CREATE OR REPLACE FUNCTION free_cancellation_until(policy_type text, days_before int, checkin date, today date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN policy_type = 'free_until' AND checkin - days_before >= today THEN checkin - days_before END
$$;
