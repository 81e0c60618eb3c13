-- stay_cancellation_terms: a policy ({ type, daysBefore?, fee? }, as a booking keeps it) applied
-- to a stay priced `nightly` ([{ date, amount }]) and arriving on p_checkin, sold on p_today at
-- the property: the terms as the API shows them, { refundable, freeUntil, feeFrom, fee }
-- (free_cancellation_until, cancellation_fee_from, cancellation_fee_kind and _amount).
CREATE OR REPLACE FUNCTION stay_cancellation_terms(p_policy jsonb, p_checkin date, p_today date, p_timezone text, p_nightly jsonb, p_currency text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_free_until date := free_cancellation_until(p_policy->>'type', (p_policy->>'daysBefore')::int, p_checkin, p_today);
  v_total bigint := (SELECT sum((night->>'amount')::bigint) FROM jsonb_array_elements(p_nightly) AS night);
BEGIN
  RETURN cancellation_terms(v_free_until, cancellation_fee_from(v_free_until, p_checkin, p_timezone),
    cancellation_fee_amount(cancellation_fee_kind(p_policy->>'type', p_policy->>'fee', v_free_until, p_checkin), (p_nightly->0->>'amount')::bigint, v_total),
    p_currency);
END
$$;
