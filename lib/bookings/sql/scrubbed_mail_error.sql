-- scrubbed_mail_error: an e-mail's last error (what the mail server answered) with its recipient's
-- address, in any capitals, replaced by p_placeholder: mail servers name the address they refuse
-- ("550 5.1.1 <ana@example.com>: Recipient address rejected"), and an erased guest's address must
-- not stay there. NULL stays NULL.
CREATE OR REPLACE FUNCTION scrubbed_mail_error(p_error text, p_recipient text, p_placeholder text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(p_error, regexp_replace(p_recipient, '([^[:alnum:]])', '\\\1', 'g'), p_placeholder, 'gi')
$$;
