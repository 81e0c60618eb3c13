-- An event's dispatch job is queued only when something would come of it: the property has
-- an enabled webhook endpoint or sends guest e-mails. Otherwise the event stays in the outbox
-- for the feed, and no worker spends a transaction finding that there is nothing to do.
-- Used by record_booking_event.
CREATE OR REPLACE FUNCTION queue_event_dispatch(p_event_id text, p_property_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE property_id = p_property_id AND enabled)
     OR EXISTS (SELECT 1 FROM properties WHERE id = p_property_id AND guest_emails_enabled) THEN
    PERFORM graphile_worker.add_job('dispatch-event', json_build_object('eventId', p_event_id), job_key := 'dispatch-event:' || p_event_id);
  END IF;
END
$$;
