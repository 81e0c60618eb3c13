-- mark_ari: notes, in the writing transaction, that a room type's ARI (availability, prices,
-- restrictions: what GET /rates answers) changed on the nights p_first to p_last, and what
-- changed (p_changed: any of 'availability', 'price', 'restrictions'). Every write that moves
-- ARI calls it: move_nights (every booking made, changed or cancelled, rooms of groups too), and
-- from TypeScript the rates, the rate plans and new room types (lib/events/mark-ari.ts).
-- Cheap, and it shares no row with other writes: an append to ari_marks, under a shared lock of
-- the property's ARI that the worker takes exclusively when it takes the marks, so a mark that
-- commits while the worker runs is never passed over. The first mark after the property's last
-- events writes ari_schedules and queues the job that raises them (lib/jobs/raise-ari-events.ts),
-- unless another transaction is doing that at this moment: it does not wait for that one (so no
-- booking waits on another's scheduling). Should that other transaction roll back, the worker's
-- sweep finds the mark: a mark is never lost, at worst raised a minute later.
CREATE OR REPLACE FUNCTION mark_ari(p_room_type text, p_first date, p_last date, p_changed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_property text;
BEGIN
  SELECT property_id INTO v_property FROM room_types WHERE id = p_room_type;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('ari:' || v_property, 0));
  INSERT INTO ari_marks (property_id, room_type_id, first_night, last_night, changed)
  VALUES (v_property, p_room_type, p_first, p_last, p_changed);
  IF NOT EXISTS (SELECT FROM ari_schedules WHERE property_id = v_property)
     AND pg_try_advisory_xact_lock(hashtextextended('ari-schedule:' || v_property, 0)) THEN
    INSERT INTO ari_schedules (property_id) VALUES (v_property) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      PERFORM graphile_worker.add_job('raise-ari-events', json_build_object('propertyId', v_property), job_key := 'raise-ari-events:' || v_property);
    END IF;
  END IF;
END
$$;
