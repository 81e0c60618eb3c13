-- price_stay: a stay's nights of a room type priced for a party as check_stay found it (p_check:
-- its plan and the party's extras): each night (night_prices), the total, the plan, and its
-- cancellation terms as of p_today at the property (stay_cancellation_terms). Returns what a new
-- booking takes from it: { price: { amount, currency }, nightly, extras, ratePlan: { id, name },
-- cancellationPolicy, cancellation }. book_stay prices its one room with it, book_group each room.
CREATE OR REPLACE FUNCTION price_stay(p_check jsonb, p_room_type text, p_nights date[], p_today date, p_timezone text, p_currency text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_plan jsonb := p_check->'plan';
  v_nightly jsonb;
BEGIN
  v_nightly := night_prices(p_room_type, p_nights, (v_plan->>'pricePercent')::int, (v_plan->>'priceAmount')::int,
    (SELECT coalesce(sum((extra->>'count')::int * (extra->'amount'->>'amount')::int), 0)::int FROM jsonb_array_elements(p_check->'extras') AS extra));
  RETURN jsonb_build_object(
    'price', jsonb_build_object('amount', (SELECT sum((night->>'amount')::bigint) FROM jsonb_array_elements(v_nightly) AS night), 'currency', p_currency),
    'nightly', v_nightly,
    'extras', p_check->'extras',
    'ratePlan', jsonb_build_object('id', v_plan->'id', 'name', v_plan->'name'),
    'cancellationPolicy', v_plan->'policy',
    'cancellation', stay_cancellation_terms(v_plan->'policy', p_nights[1], p_today, p_timezone, v_nightly, p_currency));
END
$$;
