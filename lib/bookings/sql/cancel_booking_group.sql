-- cancel_booking_group: the write half of lib/bookings/cancel-booking-group.ts, in one statement:
-- every room of a group still confirmed cancelled together, or none. Locks the group (one group
-- cancel at a time) and all its rooms' bookings, then cancels each room as cancel_booking does
-- (its nights given back, its history, its booking.cancelled event), the calls coming in the lock
-- order of their nights (room type, then room). A room another request cancelled meanwhile is
-- left as it is; a room changed since the caller read it undoes the whole statement's work and
-- answers "stale" (read again). p: { groupId, propertyId, rooms: [ cancel_booking's parameter ] }.
-- Returns "cancelled", "stale" or "not_found".
CREATE OR REPLACE FUNCTION cancel_booking_group(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_room jsonb;
BEGIN
  PERFORM 1 FROM booking_groups WHERE id = p->>'groupId' AND property_id = p->>'propertyId' FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  PERFORM 1 FROM bookings WHERE group_id = p->>'groupId' ORDER BY group_room FOR UPDATE;
  BEGIN
    FOR v_room IN SELECT value FROM jsonb_array_elements(p->'rooms') LOOP
      IF cancel_booking(v_room) = 'stale' THEN
        RAISE EXCEPTION 'a room of booking group % changed since it was read', p->>'groupId' USING ERRCODE = 'RBSTL';
      END IF;
    END LOOP;
  EXCEPTION WHEN SQLSTATE 'RBSTL' THEN
    RETURN 'stale';
  END;
  RETURN 'cancelled';
END
$$;
