-- party_extras: what a party ({ adults, childrenAges }) adds to each night's rate of a room type:
-- each adult above the rate's adults_included pays extra_adult, each child its age band's amount
-- (p_bands: the property's child_age_bands). [{ kind: "adult", count, amount: { amount, currency } },
-- { kind: "child", band, count, amount }]: adults first, then the bands in age order, only those
-- with someone in them; the amount is a night, each. lib/rate-plans/party-price.ts states the same
-- rules for availability's offers (test/integration/party-prices.test.ts holds them equal).
-- PL/pgSQL, not SQL: PostgreSQL cannot inline a SQL function with aggregates, and plans such a
-- function's body anew at every call (0.3 ms a booking); a PL/pgSQL function keeps its plan for
-- the session, and a party the rate covers whole (no children, no extra adult) runs no query.
CREATE OR REPLACE FUNCTION party_extras(p_party jsonb, p_adults_included int, p_extra_adult int, p_bands jsonb, p_currency text) RETURNS jsonb
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  IF (p_party->>'adults')::int <= p_adults_included AND jsonb_array_length(coalesce(p_party->'childrenAges', '[]')) = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  RETURN (SELECT coalesce(jsonb_agg(extra ORDER BY position), '[]'::jsonb) FROM (
    SELECT 0 AS position, jsonb_build_object('kind', 'adult', 'count', (p_party->>'adults')::int - p_adults_included,
             'amount', jsonb_build_object('amount', p_extra_adult, 'currency', p_currency)) AS extra
    WHERE (p_party->>'adults')::int > p_adults_included
    UNION ALL
    SELECT band.position, jsonb_build_object('kind', 'child', 'band', band.value->>'name', 'count', children.count,
             'amount', jsonb_build_object('amount', (band.value->>'amount')::int, 'currency', p_currency))
    FROM jsonb_array_elements(CASE WHEN jsonb_array_length(coalesce(p_party->'childrenAges', '[]')) > 0 THEN p_bands ELSE '[]' END)
      WITH ORDINALITY AS band(value, position)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count FROM jsonb_array_elements_text(p_party->'childrenAges') AS age
      WHERE age::int BETWEEN (band.value->>'fromAge')::int AND (band.value->>'toAge')::int
    ) children
    WHERE children.count > 0
  ) extras);
END
$$;
