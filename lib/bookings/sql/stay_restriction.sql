-- The first stay restriction a stay of a room type breaks, or null: closed to arrival on its
-- check-in date, its length against the min and max stay of its arrival night, closed to
-- departure on its check-out date, in that order. A booking change asks only about what it
-- moves (arrival: CTA; length: min and max stay; departure: CTD). PL/pgSQL, so that its two
-- lookups are planned once per connection.
CREATE OR REPLACE FUNCTION stay_restriction(room_type text, checkin date, checkout date,
                                 arrival boolean DEFAULT true, length boolean DEFAULT true, departure boolean DEFAULT true) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  a record;
  nights int := checkout - checkin;
BEGIN
  IF arrival OR length THEN
    SELECT n.date, n.closed_to_arrival, n.min_stay, n.max_stay INTO a FROM room_nights n WHERE n.room_type_id = room_type AND n.date = checkin;
    IF FOUND THEN
      IF arrival AND a.closed_to_arrival THEN
        RETURN jsonb_build_object('rule', 'closed_to_arrival', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', true);
      ELSIF length AND nights < a.min_stay THEN
        RETURN jsonb_build_object('rule', 'min_stay', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', a.min_stay);
      ELSIF length AND nights > a.max_stay THEN
        RETURN jsonb_build_object('rule', 'max_stay', 'date', to_char(a.date, 'YYYY-MM-DD'), 'value', a.max_stay);
      END IF;
    END IF;
  END IF;
  IF departure AND EXISTS (SELECT 1 FROM room_nights d WHERE d.room_type_id = room_type AND d.date = checkout AND d.closed_to_departure) THEN
    RETURN jsonb_build_object('rule', 'closed_to_departure', 'date', to_char(checkout, 'YYYY-MM-DD'), 'value', true);
  END IF;
  RETURN NULL;
END
$$;
