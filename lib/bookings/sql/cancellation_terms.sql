-- cancellation_terms: the terms as the partner API shows them: { refundable, freeUntil, feeFrom, fee }.
CREATE OR REPLACE FUNCTION cancellation_terms(free_until date, fee_from timestamptz, fee_amount bigint, currency text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'refundable', free_until IS NOT NULL,
    'freeUntil', to_char(free_until, 'YYYY-MM-DD'),
    'feeFrom', to_char(fee_from AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'fee', jsonb_build_object('amount', fee_amount, 'currency', currency))
$$;
