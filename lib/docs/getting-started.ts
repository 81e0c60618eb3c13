/** The introduction of the OpenAPI document and of /docs: how to get from a key to a first booking. */
export const GETTING_STARTED = `
The Room Booking Partner API lets your servers check a hotel's availability and prices and
create, change and cancel bookings. JSON in and out, camelCase fields.

## 1. Your key
Staff create keys in the hotel's control panel: **Settings › API Keys › Create key**. The
full value (\`rbp_…\`) is shown once. A key belongs to one property, so requests never carry
a property id. Send it in the \`X-Api-Key\` header of every request.

**Keep the key on your server.** Never put it in browser or app code: the API sends no CORS
headers, so browsers refuse to let page scripts read its responses anyway.

Check it works: \`GET /me\` returns the property, its time zone and today's date there.

**Start with a test key.** Every hotel has a test mode: a test key (\`rbp_test_…\`, made in
the control panel with the Live / Test switch on Test) works on the hotel's test twin, a copy
of its rooms, rates and plans where nothing is real: no room is taken, no guest is e-mailed,
references start with \`TEST-\`. \`GET /me\` says \`"mode": "test"\`. Switch to a live key when
your integration works; nothing else changes. See [Test mode](/docs/test-mode).

## 2. Dates and time zones
Dates are calendar dates \`YYYY-MM-DD\` in the **property's** time zone (\`GET /me\` says
which, and what "today" is there). A stay is the half-open range [checkin, checkout): a guest
leaving on the 5th and another arriving on the 5th do not overlap. Check-in today or later, at
most 730 days ahead; at most 30 nights. Money is an integer in the currency's minor units
(\`{"amount": 45000, "currency": "EUR"}\` is 450.00 EUR), taxes and fees included.

## 3. Find a room
\`GET /availability?checkin={checkin}&checkout={checkout}&adults=2\` lists the room types
that can take the stay, cheapest first, with the total and each night's price.

Each room type also has \`offers\`: one per **rate plan** sold for it (\`GET /rate-plans\`
lists them), cheapest first. A rate plan is a price rule on top of the night's rate plus a
cancellation policy, and each offer states what cancelling will cost in plain dates, worked
out by us at the property's time zone, so you never do time-zone arithmetic:

\`\`\`json
{ "ratePlanId": "rp_…", "name": "Non-refundable", "price": { "amount": 38880, "currency": "EUR" },
  "cancellation": { "refundable": false, "freeUntil": null, "feeFrom": null, "fee": { "amount": 38880, "currency": "EUR" } } }
{ "ratePlanId": "rp_…", "name": "Standard", "price": { "amount": 43200, "currency": "EUR" },
  "cancellation": { "refundable": true, "freeUntil": "{checkin}", "feeFrom": null, "fee": { "amount": 0, "currency": "EUR" } } }
\`\`\`

Show "Free cancellation until {checkin}" for \`freeUntil\` (the last free day at the property);
\`feeFrom\` is the exact instant the \`fee\` starts. A booking can be cancelled until the end of
its check-in date, never after, so terms free until then have no fee (\`feeFrom\` null, \`fee\`
0). Every property has a **Standard** plan (the night's rate, free cancellation until the
check-in date): it is what you get without \`ratePlanId\`, and the room type's own \`price\` is
its price.

Hotels also set **stay restrictions** per room type and night (\`GET /rates\` shows them): a
minimum and maximum stay, read on the arrival night (the rule on the check-in night governs the
whole stay, as most channel managers do), and dates closed to arrival or to departure.
Availability only offers stays that meet them; a booking that breaks one is refused with 409
\`stay_restricted\`, naming the rule and the date in \`detail\` and in \`restriction\`
(\`{ "rule": "min_stay", "date": "…", "value": 3 }\`).

## 4. Book it, safely
\`POST /bookings\` with the room type, dates, adults and guest (and the offer's \`ratePlanId\`,
if not the Standard plan), and an \`Idempotency-Key\`
header (a new UUID per intended booking). If the call times out or fails with a 5xx, retry
with the **same** key: you get the same booking (\`Idempotent-Replayed: true\`), never a
second one. The hotel is never overbooked: if someone took the last room first, you get
409 \`no_availability\`.

## 5. Change it: preview, then commit
A guest staying one night longer, or moving their trip: \`PATCH /bookings/{id}\` with only
what changes. First a dry run shows the guest the new price; nothing is stored or held:

\`\`\`sh
curl -X PATCH "{base}/bookings/bk_…?dryRun=true" -H "X-Api-Key: $ROOM_BOOKING_KEY" \\
  -H "Content-Type: application/json" -d '{"checkout": "{longerCheckout}"}'
\`\`\`

Then the change itself, with the total you showed as \`expectedPrice\` and a new
\`Idempotency-Key\` (a retry with it never changes twice):

\`\`\`sh
curl -X PATCH "{base}/bookings/bk_…" -H "X-Api-Key: $ROOM_BOOKING_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" -d '{"checkout": "{longerCheckout}", "expectedPrice": {longerPrice}}'
\`\`\`

The nights the booking keeps keep their booked price; new nights cost today's rate. It is one
atomic step: the room is never lost in between, and if a new night is sold out you get 409
\`no_availability\` with the booking exactly as before. If the rate moved since the dry run,
409 \`price_changed\` carries the new \`price\` and \`nightly\`: ask the guest again.
Once the stay has started, only \`checkout\`, \`adults\`, \`guest\` and
\`externalReference\` may change.

The booking keeps its rate plan and its terms (\`ratePlan\`, \`cancellation\`: fixed when
booked; a later edit of the plan never changes them). A change may name another
\`ratePlanId\`: every night is then priced with it and its terms apply.

## 6. Cancel
\`POST /bookings/{id}/cancel\`, until the check-in date has passed at the property. The cost
is ours to work out from the booking's terms and the time: the cancelled booking says it in
\`cancellationFee\` (amount 0 when free), and so does its \`booking.cancelled\` event.
Poll \`GET /bookings?updatedSince=…\` to pick up changes made at the hotel.

When a guest asks you to erase their data, forward it: \`POST /bookings/{id}/anonymise\` (for
bookings your keys made, once the stay has ended: cancel first if they will not come). The
booking stays for the hotel's accounts; its guest becomes "Anonymised" and \`anonymisedAt\` is
set. Whoever erases a guest (you, the hotel, its retention period), \`booking.anonymised\`
(\`{ "bookingId", "reference", "anonymisedAt" }\`) tells you to delete your copy of the guest;
\`booking_group.anonymised\` (\`{ "groupId", "reference", "anonymisedAt" }\`) does the same for
a group's booker.

## 7. Be told: webhooks and the event feed
\`POST /webhook-endpoints\` with your https URL: every \`booking.created\`,
\`booking.changed\` and \`booking.cancelled\` of the property (from this API, the hotel's
panel or its own site) is POSTed to it as \`{ "id", "type", "createdAt", "data": { "booking" } }\`
(a \`booking.changed\` also carries \`data.previous\`: each changed field's old value), signed with
[Standard Webhooks](https://www.standardwebhooks.com/) headers \`webhook-id\` (the event id:
the same on every retry, drop duplicates by it), \`webhook-timestamp\` and
\`webhook-signature\`. The answer carries the secret \`whsec_…\` once. Verify every request
on its raw body, for example in Node.js:

\`\`\`js
import { Webhook } from "standardwebhooks";
const event = new Webhook(secret).verify(rawBody, headers); // throws if forged or older than 5 minutes
\`\`\`

Answer 2xx within 10 seconds. Anything else is retried after about 5 s, 5 min, 30 min, 2 h,
5 h, 10 h, 10 h, 24 h and 24 h; an endpoint failing for 72 hours is disabled (\`disabledReason\`
says why). Delivery is at least once and order is not guaranteed; ignore event types you do not
know. After an outage, catch up with \`GET /events?after=<cursor>\`: every event once, in a
stable order, for 30 days.

## 8. Keep a copy of our ARI
If your search runs on your own copy of availability, rates and restrictions, keep it exact
with \`ari.changed\`: page through \`GET /events?type=ari.changed\` once and keep the last
\`nextCursor\`; pull the calendar with \`GET /rates?from&to\` (366 nights a request); add a
webhook endpoint with \`"events": ["ari.changed"]\` (it is sent only to endpoints that name it).
Each event says a room type's nights changed, \`{ "roomTypeId", "from", "to", "changed":
["availability" | "price" | "restrictions"] }\` (changes within a few seconds come as one): read
\`GET /rates?from=<from>&to=<to>&roomTypeId=<roomTypeId>\` and replace those nights. Re-reading
makes duplicates and any order harmless. After missed webhooks, catch up from the feed with the
cursor you kept and apply each event the same way. A runnable example in Node.js:
[keep-ari-copy.mjs](/docs/examples/keep-ari-copy.mjs).

## Limits
Per property, shared by all its keys, over a sliding 60-second window: {limits}. Every
response carries \`RateLimit\`/\`RateLimit-Policy\` and \`X-RateLimit-*\` headers; over the
limit you get 429 \`rate_limited\` with \`Retry-After\`. Bodies are at most {maxBody} KiB.
Unknown fields and query parameters are rejected, not ignored (they are usually typos).

## Test mode: the clock and every error on demand
With a test key, \`PUT /test-clock\` moves the test twin's today (cancellation deadlines and
stays in progress without waiting), and the header \`Test-Scenario: no_availability\` (or
\`stay_restricted\`, \`price_changed\`, \`idempotency_key_in_use\`, \`rate_limited\`,
\`service_unavailable\`, \`internal_error\`) makes a request answer exactly as that failure
does, storing nothing, so your error handling can be tested before it is needed. The table of
scenarios is at [/docs/test-mode](/docs/test-mode).

## Errors
Every error is \`application/problem+json\` (RFC 9457) with a stable \`code\`; see
[the error catalogue](/docs/errors). Every response has an \`X-Request-Id\`: quote it when
asking for help.

## Versioning
The version is in the path (\`/partner/v1\`). Within v1, changes are additive only: new
fields, endpoints and error codes. Ignore fields you do not know.
`.trim();
