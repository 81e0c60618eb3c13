-- anonymise_booking: the write half of lib/bookings/anonymise-booking.ts, in one statement. Locks
-- the booking (of the property and, when p.apiKeyIds is given, made by one of those keys) and
-- answers "not_found", "unchanged" (anonymised before: nothing is written again)
-- or "not_ended" (confirmed, and its checkout is after p.today: its stay has not ended); else
-- replaces the guest's data everywhere it is kept, in this transaction:
--   - the booking: names "Anonymised", the e-mail p.email (an address that cannot exist), the
--     language, phone and staff note cleared; anonymised_at and updated_at p.at;
--   - its history (each entry's guest before and after a change);
--   - its events' payloads (data.booking.guest, data.previous.guest), as the feed serves them;
--   - their webhook deliveries' bodies, and what the partner's server answered to them;
--   - the e-mails sent about them (the recipient, the test mailbox's copy of the message, the
--     mail server's answer naming the address);
--   - its booking group's booker, once every room of the group is anonymised
--     (anonymise_group_booker, with event p.groupEventId);
-- and records its booking.anonymised event (its ids and anonymisedAt: no personal data), for
-- partners to delete their copy of the guest. What stays: dates, room type, party, amounts,
-- plan, terms, references, the partner's externalReference. p: { bookingId, propertyId,
-- apiKeyIds?, today, at, email, eventId, groupEventId, actor, traceContext }. Returns the answer.
CREATE OR REPLACE FUNCTION anonymise_booking(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_booking record;
  v_guest jsonb := jsonb_build_object('firstName', 'Anonymised', 'lastName', 'Anonymised', 'email', p->>'email');
  v_events text[];
BEGIN
  SELECT id, reference, status, checkout, anonymised_at, group_id INTO v_booking
  FROM bookings WHERE id = p->>'bookingId' AND property_id = p->>'propertyId'
    AND (p->'apiKeyIds' IS NULL OR api_key_id = ANY(ARRAY(SELECT jsonb_array_elements_text(p->'apiKeyIds'))))
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  IF v_booking.anonymised_at IS NOT NULL THEN
    RETURN 'unchanged';
  END IF;
  IF v_booking.status = 'confirmed' AND v_booking.checkout > (p->>'today')::date THEN
    RETURN 'not_ended';
  END IF;

  UPDATE bookings SET guest_first_name = 'Anonymised', guest_last_name = 'Anonymised', guest_email = p->>'email',
    guest_language = NULL, guest_phone = NULL, staff_note = NULL,
    anonymised_at = (p->>'at')::timestamptz, updated_at = (p->>'at')::timestamptz
  WHERE id = v_booking.id;

  UPDATE booking_history SET
    previous = CASE WHEN previous ? 'guest' THEN jsonb_set(previous, '{guest}', v_guest) ELSE previous END,
    current = CASE WHEN current ? 'guest' THEN jsonb_set(current, '{guest}', v_guest) ELSE current END
  WHERE booking_id = v_booking.id AND (previous ? 'guest' OR current ? 'guest');

  WITH scrubbed AS (
    UPDATE events SET data = anonymised_event_data(data, v_guest)
    WHERE booking_id = v_booking.id
    RETURNING id
  )
  SELECT coalesce(array_agg(id), '{}') INTO v_events FROM scrubbed;

  UPDATE webhook_deliveries SET payload = jsonb_set(payload::jsonb, '{data}', anonymised_event_data(payload::jsonb->'data', v_guest))::text
  WHERE event_id = ANY(v_events);
  UPDATE webhook_attempts a SET response_body = ''
  FROM webhook_deliveries d WHERE a.delivery_id = d.id AND d.event_id = ANY(v_events) AND a.response_body <> '';

  UPDATE guest_emails SET recipient = p->>'email', kept_message = NULL, last_error = scrubbed_mail_error(last_error, recipient, p->>'email')
  WHERE event_id = ANY(v_events);

  PERFORM record_booking_event(p->>'eventId', 'booking.anonymised',
    jsonb_build_object('id', v_booking.id, 'propertyId', p->>'propertyId', 'updatedAt', p->>'at'),
    jsonb_build_object('bookingId', v_booking.id, 'reference', v_booking.reference, 'anonymisedAt', p->>'at'),
    p->'actor', p->>'traceContext');
  IF v_booking.group_id IS NOT NULL AND NOT EXISTS (
    SELECT FROM bookings WHERE group_id = v_booking.group_id AND anonymised_at IS NULL
  ) THEN
    PERFORM anonymise_group_booker(jsonb_build_object('groupId', v_booking.group_id, 'propertyId', p->>'propertyId', 'today', p->>'today',
      'at', p->>'at', 'eventId', p->>'groupEventId', 'actor', p->'actor', 'traceContext', p->>'traceContext'));
  END IF;
  RETURN 'anonymised';
END
$$;
