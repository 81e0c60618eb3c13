-- hold_nights: locks the rows of the nights a write takes (p_taken, of room type p_taken_type)
-- and gives back (p_given, of p_given_type), all in one statement and in the lock order every
-- write uses, room type then date: two writes wait for each other, they never deadlock. Then
-- answers the first night taken that has no room for it, { night, reason: "closed" | "sold out" }
-- (a night without a row is closed), or null: the nights may move (move_nights).
CREATE OR REPLACE FUNCTION hold_nights(p_taken_type text, p_taken date[], p_given_type text, p_given date[]) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bad record;
BEGIN
  PERFORM 1 FROM room_nights n
  WHERE (n.room_type_id = p_taken_type AND n.date = ANY(p_taken)) OR (n.room_type_id = p_given_type AND n.date = ANY(p_given))
  ORDER BY n.room_type_id, n.date
  FOR UPDATE;
  SELECT t.night, CASE WHEN n.room_type_id IS NULL OR n.closed THEN 'closed' ELSE 'sold out' END AS reason INTO v_bad
  FROM unnest(p_taken) AS t(night)
  LEFT JOIN room_nights n ON n.room_type_id = p_taken_type AND n.date = t.night
  WHERE n.room_type_id IS NULL OR n.closed OR n.rooms_sold >= n.rooms_for_sale
  ORDER BY t.night
  LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('night', to_char(v_bad.night, 'YYYY-MM-DD'), 'reason', v_bad.reason);
  END IF;
  RETURN NULL;
END
$$;
