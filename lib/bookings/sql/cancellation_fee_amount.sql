-- cancellation_fee_amount: what cancelling costs once the fee applies, by cancellation_fee_kind.
CREATE OR REPLACE FUNCTION cancellation_fee_amount(fee_kind text, first_night bigint, total bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE fee_kind WHEN 'none' THEN 0 WHEN 'first_night' THEN first_night ELSE total END
$$;
