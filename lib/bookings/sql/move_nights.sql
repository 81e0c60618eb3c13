-- move_nights: takes (p_by > 0: that many rooms, a group's rooms of one type) or gives back
-- (p_by = -1) rooms of a room type on each of the nights, whose rows hold_nights locked. The table's CHECK (0 <= rooms_sold <= rooms_for_sale)
-- is the last word: a night can never be sold past its rooms. The nights' availability changed:
-- marked for partners' ari.changed (mark_ari), so every booking path raises it.
CREATE OR REPLACE FUNCTION move_nights(p_room_type text, p_nights date[], p_by int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_nights SET rooms_sold = rooms_sold + p_by, updated_at = now()
  WHERE room_type_id = p_room_type AND date = ANY(p_nights);
  IF cardinality(p_nights) > 0 THEN
    PERFORM mark_ari(p_room_type, (SELECT min(night) FROM unnest(p_nights) AS night), (SELECT max(night) FROM unnest(p_nights) AS night), ARRAY['availability']);
  END IF;
END
$$;
