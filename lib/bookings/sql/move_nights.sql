-- move_nights: takes (p_by > 0: that many rooms, a group's rooms of one type) or gives back
-- (p_by = -1) rooms of a room type on each of the nights, whose rows hold_nights locked. The table's CHECK (0 <= rooms_sold <= rooms_for_sale)
-- is the last word: a night can never be sold past its rooms.
CREATE OR REPLACE FUNCTION move_nights(p_room_type text, p_nights date[], p_by int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_nights SET rooms_sold = rooms_sold + p_by, updated_at = now()
  WHERE room_type_id = p_room_type AND date = ANY(p_nights);
END
$$;
