-- cancellation_fee_kind: the fee cancelling can cost: none when the free period lasts until
-- cancelling closes (free_until on or after the check-in date), else the first night (a
-- free_until plan's first_night fee) or the whole stay (full_stay, and non-refundable plans).
CREATE OR REPLACE FUNCTION cancellation_fee_kind(policy_type text, fee text, free_until date, checkin date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN free_until >= checkin THEN 'none'
              WHEN policy_type = 'free_until' AND fee = 'first_night' THEN 'first_night'
              ELSE 'full_stay' END
$$;
