-- check_stay: a stay of a room type for a party ({ adults, childrenAges }) against the property's
-- rules, in order: the room type (unknown_room_type), its capacity for the party
-- (occupancy_exceeded: adults ≤ max_adults, children ≤ max_children, both ≤ max_occupancy, the
-- first limit broken named as { name, value }), the rate plan (unknown_rate_plan) and the stay
-- restrictions (stay_restricted: stay_restriction). Returns the refusal ({ kind, …facts }) or
-- { kind: "ok", roomTypeName, plan: { id, name, pricePercent, priceAmount, policy }, extras },
-- the plan that prices the stay and what the party adds to each night's rate (party_extras).
--   p_plan_id: the plan named, or null for the property's Standard plan.
--   p_plan_rule: "sell" (active and sold for the room type: a new booking, another plan),
--     "sold" (sold for the room type, active or not: a booking keeping its plan moves to another
--     room type) or "any" (the booking's own plan, as it is).
--   p_arrival, p_length, p_departure: which restrictions apply (a change asks only about what it
--     moves: the arrival, the stay's length, the departure).
-- The calendar (a room free on each night, none closed) is hold_nights', with the nights locked.
CREATE OR REPLACE FUNCTION check_stay(p_property text, p_room_type text, p_party jsonb, p_plan_id text, p_plan_rule text,
                                      p_checkin date, p_checkout date,
                                      p_arrival boolean, p_length boolean, p_departure boolean) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_room record;
  v_plan record;
  v_restriction jsonb;
  v_adults int := (p_party->>'adults')::int;
  v_children int := jsonb_array_length(coalesce(p_party->'childrenAges', '[]'));
  v_limit jsonb;
BEGIN
  SELECT rt.id, rt.name, rt.max_adults, rt.max_children, rt.max_occupancy, rt.adults_included, rt.extra_adult, p.child_age_bands, p.currency INTO v_room
  FROM room_types rt JOIN properties p ON p.id = rt.property_id
  WHERE rt.id = p_room_type AND rt.property_id = p_property;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknown_room_type', 'roomTypeId', p_room_type);
  END IF;
  v_limit := CASE
    WHEN v_adults > v_room.max_adults THEN jsonb_build_object('name', 'maxAdults', 'value', v_room.max_adults)
    WHEN v_children > v_room.max_children THEN jsonb_build_object('name', 'maxChildren', 'value', v_room.max_children)
    WHEN v_adults + v_children > v_room.max_occupancy THEN jsonb_build_object('name', 'maxOccupancy', 'value', v_room.max_occupancy)
  END;
  IF v_limit IS NOT NULL THEN
    RETURN jsonb_build_object('kind', 'occupancy_exceeded', 'name', v_room.name, 'limit', v_limit, 'adults', v_adults, 'children', v_children);
  END IF;
  SELECT id, name, price_percent, price_amount, cancellation_type, free_days_before, cancellation_fee INTO v_plan
  FROM rate_plans
  WHERE property_id = p_property
    AND CASE WHEN p_plan_id IS NULL THEN standard ELSE id = p_plan_id END
    AND (p_plan_rule <> 'sell' OR active)
    AND (p_plan_rule = 'any' OR cardinality(room_type_ids) = 0 OR v_room.id = ANY(room_type_ids));
  IF NOT FOUND THEN
    RETURN jsonb_build_object('kind', 'unknown_rate_plan', 'ratePlanId', coalesce(p_plan_id, 'standard'), 'name', v_room.name);
  END IF;
  IF p_arrival OR p_length OR p_departure THEN
    v_restriction := stay_restriction(v_room.id, p_checkin, p_checkout, p_arrival, p_length, p_departure);
    IF v_restriction IS NOT NULL THEN
      RETURN jsonb_build_object('kind', 'stay_restricted', 'restriction', v_restriction);
    END IF;
  END IF;
  RETURN jsonb_build_object('kind', 'ok', 'roomTypeName', v_room.name, 'plan', jsonb_build_object(
    'id', v_plan.id, 'name', v_plan.name, 'pricePercent', v_plan.price_percent, 'priceAmount', v_plan.price_amount,
    'policy', CASE WHEN v_plan.cancellation_type = 'free_until'
      THEN jsonb_build_object('type', 'free_until', 'daysBefore', v_plan.free_days_before, 'fee', v_plan.cancellation_fee)
      ELSE jsonb_build_object('type', 'non_refundable') END),
    'extras', party_extras(p_party, v_room.adults_included, v_room.extra_adult, v_room.child_age_bands, v_room.currency));
END
$$;
