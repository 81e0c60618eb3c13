-- anonymised_event_data: a booking event's data (or a webhook body's) with the guest replaced by
-- p_guest wherever it names one: data.booking.guest, and data.previous.guest when a change
-- named the guest it replaced. Other events' data is returned as it is.
CREATE OR REPLACE FUNCTION anonymised_event_data(p_data jsonb, p_guest jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_data->'previous' ? 'guest' THEN jsonb_set(d, '{previous,guest}', p_guest) ELSE d END
  FROM (SELECT CASE WHEN p_data->'booking' ? 'guest' THEN jsonb_set(p_data, '{booking,guest}', p_guest) ELSE p_data END AS d) AS booking_scrubbed
$$;
