-- hold_nights: locks the rows of the nights a write takes (p_taken, of room type p_taken_type)
-- and gives back (p_given, of p_given_type), in the lock order every write uses, room type then
-- date: two writes wait for each other, they never deadlock. Then answers the first night taken
-- that has no room for it, { night, reason: "closed" | "sold out" } (a night without a row is
-- closed), or null: the nights may move (move_nights). Dates come in ascending order. A write
-- that only takes (a new booking) or only gives back (a cancellation) locks its one room type's
-- nights by their range, in date order, and checks them as they are locked.
CREATE OR REPLACE FUNCTION hold_nights(p_taken_type text, p_taken date[], p_given_type text, p_given date[]) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_night record;
  v_next int := 1;
BEGIN
  IF coalesce(cardinality(p_given), 0) = 0 THEN
    FOR v_night IN
      SELECT n.date, n.closed, n.rooms_sold >= n.rooms_for_sale AS sold_out FROM room_nights n
      WHERE n.room_type_id = p_taken_type AND n.date BETWEEN p_taken[1] AND p_taken[cardinality(p_taken)] AND n.date = ANY(p_taken)
      ORDER BY n.date
      FOR UPDATE
    LOOP
      IF v_night.date > p_taken[v_next] THEN
        RETURN jsonb_build_object('night', to_char(p_taken[v_next], 'YYYY-MM-DD'), 'reason', 'closed');
      ELSIF v_night.closed OR v_night.sold_out THEN
        RETURN jsonb_build_object('night', to_char(v_night.date, 'YYYY-MM-DD'), 'reason', CASE WHEN v_night.closed THEN 'closed' ELSE 'sold out' END);
      END IF;
      v_next := v_next + 1;
    END LOOP;
    IF v_next <= coalesce(cardinality(p_taken), 0) THEN
      RETURN jsonb_build_object('night', to_char(p_taken[v_next], 'YYYY-MM-DD'), 'reason', 'closed');
    END IF;
    RETURN NULL;
  END IF;
  IF coalesce(cardinality(p_taken), 0) = 0 THEN
    PERFORM 1 FROM room_nights n
    WHERE n.room_type_id = p_given_type AND n.date BETWEEN p_given[1] AND p_given[cardinality(p_given)] AND n.date = ANY(p_given)
    ORDER BY n.date
    FOR UPDATE;
    RETURN NULL;
  END IF;

  PERFORM 1 FROM room_nights n
  WHERE (n.room_type_id = p_taken_type AND n.date = ANY(p_taken)) OR (n.room_type_id = p_given_type AND n.date = ANY(p_given))
  ORDER BY n.room_type_id, n.date
  FOR UPDATE;
  SELECT t.night, CASE WHEN n.room_type_id IS NULL OR n.closed THEN 'closed' ELSE 'sold out' END AS reason INTO v_night
  FROM unnest(p_taken) AS t(night)
  LEFT JOIN room_nights n ON n.room_type_id = p_taken_type AND n.date = t.night
  WHERE n.room_type_id IS NULL OR n.closed OR n.rooms_sold >= n.rooms_for_sale
  ORDER BY t.night
  LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('night', to_char(v_night.night, 'YYYY-MM-DD'), 'reason', v_night.reason);
  END IF;
  RETURN NULL;
END
$$;
