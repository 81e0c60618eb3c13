-- night_prices: the nights of a room type priced for a party under a rate plan's rule: each night's
-- rate plus what the party adds a night (p_extras: party_extras, summed), then rate_plan_price;
-- [{ date, amount }] in date order, as a booking keeps them.
CREATE OR REPLACE FUNCTION night_prices(p_room_type text, p_nights date[], p_percent int, p_amount int, p_extras int) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object('date', to_char(date, 'YYYY-MM-DD'), 'amount', rate_plan_price(price + p_extras, p_percent, p_amount)) ORDER BY date), '[]')
          FROM room_nights WHERE room_type_id = p_room_type AND date = ANY(p_nights));
END
$$;
