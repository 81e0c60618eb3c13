-- anonymise_group_booker: the write half of lib/bookings/anonymise-group-booker.ts. Locks the
-- booking group (of the property) and answers "not_found", "unchanged" (its booker was
-- anonymised before) or "not_ended" (a room is confirmed and its checkout is after p.today);
-- else erases the booker, who may stay in none of its rooms: the group's booker names become
-- "Anonymised", the e-mail 'anonymised-<group id>@invalid' (no address), the language cleared;
-- and the e-mails the group's booker was sent about its rooms are scrubbed (the recipient, the
-- test mailbox's copy, the mail server's answer naming the address). The rooms' own guests are
-- theirs: left as they are (each is erased by anonymise_booking, which calls this once its
-- group's last room is anonymised). Partners hear of it: a booking_group.anonymised event (the
-- group's ids and p.at, no personal data), written with it. p: { groupId, propertyId, today, at,
-- eventId, actor, traceContext }. Returns the answer.
CREATE OR REPLACE FUNCTION anonymise_group_booker(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_group record;
  v_email text;
BEGIN
  SELECT id, reference, booker_email INTO v_group FROM booking_groups
  WHERE id = p->>'groupId' AND property_id = p->>'propertyId'
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  v_email := 'anonymised-' || v_group.id || '@invalid';
  IF v_group.booker_email = v_email THEN
    RETURN 'unchanged';
  END IF;
  IF EXISTS (SELECT FROM bookings WHERE group_id = v_group.id AND status = 'confirmed' AND checkout > (p->>'today')::date) THEN
    RETURN 'not_ended';
  END IF;

  UPDATE booking_groups SET booker_first_name = 'Anonymised', booker_last_name = 'Anonymised', booker_email = v_email, booker_language = NULL
  WHERE id = v_group.id;
  UPDATE guest_emails g SET recipient = v_email, kept_message = NULL, last_error = scrubbed_mail_error(g.last_error, g.recipient, v_email)
  FROM events e JOIN bookings b ON b.id = e.booking_id
  WHERE g.event_id = e.id AND b.group_id = v_group.id AND lower(g.recipient) = lower(v_group.booker_email);
  PERFORM record_booking_event(p->>'eventId', 'booking_group.anonymised',
    jsonb_build_object('propertyId', p->>'propertyId', 'updatedAt', p->>'at'),
    jsonb_build_object('groupId', v_group.id, 'reference', v_group.reference, 'anonymisedAt', p->>'at'),
    p->'actor', p->>'traceContext');
  RETURN 'anonymised';
END
$$;
