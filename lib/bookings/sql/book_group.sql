-- book_group: several rooms for one stay, all or none, in one statement and one transaction
-- (lib/bookings/create-booking-group.ts calls it), built from the pieces book_stay uses:
-- the group's Idempotency-Key (hold_idempotency_key: an earlier use answers at once, writing
-- nothing); every room against the property's rules in the request's order (check_stay: the
-- first refused names its room); then each room type's nights locked and checked in the lock
-- order every write uses (room type, then date: hold_nights), with as many rooms free on each
-- night as the group takes of the type; only when every room can be had are the group written
-- and the nights taken (move_nights), each room priced (price_stay) and written (write_booking)
-- with its booking.created event (record_booking_event). A refusal writes nothing and holds
-- nothing once the statement ends.
-- p: { group: { id, reference, propertyId, booker: { firstName, lastName, email, language? },
--      checkin, checkout, externalReference, source, apiKeyId, staffUserId, idempotencyKey,
--      requestFingerprint, createdAt },
--    rooms: [ { booking: the domain's Booking without its price, view: the same as the API shows
--      it, ratePlanId (null: the Standard plan), eventId } ] in the request's order,
--    today, timezone, actor, traceContext }.
-- Returns a refusal ({ kind, …facts, room: the refused room's index }), { kind: "key_used",
-- usedBy, …the earlier use }, or { kind: "created", rooms: [ what price_stay fixed ] }.
CREATE OR REPLACE FUNCTION book_group(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_group jsonb := p->'group';
  v_property text := v_group->>'propertyId';
  v_checkin date := (v_group->>'checkin')::date;
  v_checkout date := (v_group->>'checkout')::date;
  v_nights date[] := ARRAY(SELECT generate_series(v_checkin, v_checkout - 1, interval '1 day')::date);
  v_rooms jsonb := p->'rooms';
  v_checks jsonb[] := '{}';
  v_earlier jsonb;
  v_check jsonb;
  v_type record;
  v_refusal jsonb;
  v_short record;
  v_room jsonb;
  v_booking jsonb;
  v_priced jsonb;
  v_answer jsonb := '[]';
BEGIN
  IF v_group->>'idempotencyKey' IS NOT NULL THEN
    v_earlier := hold_idempotency_key(v_property, v_group->>'idempotencyKey');
    IF v_earlier IS NOT NULL THEN
      RETURN v_earlier || jsonb_build_object('kind', 'key_used');
    END IF;
  END IF;

  FOR i IN 0 .. jsonb_array_length(v_rooms) - 1 LOOP
    v_check := check_stay(v_property, v_rooms->i->'booking'->>'roomTypeId', v_rooms->i->'booking'->'party', v_rooms->i->>'ratePlanId', 'sell',
      v_checkin, v_checkout, true, true, true);
    IF v_check->>'kind' <> 'ok' THEN
      RETURN v_check || jsonb_build_object('room', i);
    END IF;
    v_checks := v_checks || v_check;
  END LOOP;

  -- Each room type the group takes, in the lock order, with its rooms' indexes in the request's order.
  FOR v_type IN
    SELECT room->'booking'->>'roomTypeId' AS id, array_agg((ord - 1)::int ORDER BY ord) AS rooms
    FROM jsonb_array_elements(v_rooms) WITH ORDINALITY AS r(room, ord)
    GROUP BY 1 ORDER BY 1
  LOOP
    v_refusal := hold_nights(v_type.id, v_nights, NULL, NULL);
    IF v_refusal IS NOT NULL THEN
      RETURN v_refusal || jsonb_build_object('kind', 'no_availability', 'name', v_checks[v_type.rooms[1] + 1]->>'roomTypeName', 'room', v_type.rooms[1]);
    END IF;
    IF cardinality(v_type.rooms) > 1 THEN
      -- The first night with fewer rooms free than the group takes of the type: the first room
      -- that finds none there is refused.
      SELECT n.date, n.rooms_for_sale - n.rooms_sold AS free INTO v_short
      FROM room_nights n
      WHERE n.room_type_id = v_type.id AND n.date = ANY(v_nights) AND n.rooms_for_sale - n.rooms_sold < cardinality(v_type.rooms)
      ORDER BY n.date LIMIT 1;
      IF FOUND THEN
        RETURN jsonb_build_object('kind', 'no_availability', 'name', v_checks[v_type.rooms[1] + 1]->>'roomTypeName',
          'night', to_char(v_short.date, 'YYYY-MM-DD'), 'reason', 'sold out', 'room', v_type.rooms[v_short.free + 1]);
      END IF;
    END IF;
  END LOOP;

  INSERT INTO booking_groups (id, reference, property_id, booker_first_name, booker_last_name, booker_email, booker_language,
    checkin, checkout, external_reference, source, api_key_id, staff_user_id, idempotency_key, request_fingerprint, created_at)
  VALUES (v_group->>'id', v_group->>'reference', v_property, v_group->'booker'->>'firstName', v_group->'booker'->>'lastName',
    v_group->'booker'->>'email', v_group->'booker'->>'language', v_checkin, v_checkout, v_group->>'externalReference',
    v_group->>'source', v_group->>'apiKeyId', v_group->>'staffUserId', v_group->>'idempotencyKey', v_group->>'requestFingerprint',
    (v_group->>'createdAt')::timestamptz);
  FOR v_type IN
    SELECT room->'booking'->>'roomTypeId' AS id, count(*)::int AS rooms FROM jsonb_array_elements(v_rooms) AS r(room) GROUP BY 1 ORDER BY 1
  LOOP
    PERFORM move_nights(v_type.id, v_nights, v_type.rooms);
  END LOOP;
  FOR i IN 0 .. jsonb_array_length(v_rooms) - 1 LOOP
    v_room := v_rooms->i;
    v_booking := v_room->'booking';
    v_priced := price_stay(v_checks[i + 1], v_booking->>'roomTypeId', v_nights, (p->>'today')::date, p->>'timezone', v_booking->'price'->>'currency');
    v_booking := v_booking || v_priced;
    PERFORM write_booking(v_booking);
    PERFORM record_booking_event(v_room->>'eventId', 'booking.created', v_booking,
      jsonb_build_object('booking', (v_room->'view') || (v_priced - 'cancellationPolicy')), p->'actor', p->>'traceContext');
    v_answer := v_answer || jsonb_build_array(v_priced);
  END LOOP;
  RETURN jsonb_build_object('kind', 'created', 'rooms', v_answer);
END
$$;
