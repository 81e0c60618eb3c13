-- cancellation_fee_from: the instant the fee starts, the midnight after free_until at the
-- property; null when there is no free period (the fee applies at once) or no fee ever applies.
CREATE OR REPLACE FUNCTION cancellation_fee_from(free_until date, checkin date, tz text) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN free_until < checkin THEN (free_until + 1)::timestamp AT TIME ZONE tz END
$$;
