-- The price of one night under a plan's rule: the rate changed by `percent` (rounded half up to
-- the minor unit) or by `amount`, never below 0; the rate itself when the plan has no rule.
CREATE OR REPLACE FUNCTION rate_plan_price(rate int, percent int, amount int) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN percent IS NOT NULL THEN ((rate::bigint * (100 + percent) + 50) / 100)::int
    WHEN amount IS NOT NULL THEN GREATEST(0, rate + amount)
    ELSE rate
  END
$$;
