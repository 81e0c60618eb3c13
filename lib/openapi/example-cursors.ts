/**
 * The examples' page cursors, written as the API writes them: base64url of what names the next
 * page. Plain data, not the domain's encoders (the document reaches into no domain code);
 * test/unit/openapi-example-data.test.ts holds each equal to the encoder's, and
 * documented-examples.test.ts sends them to a real server.
 */
const base64url = (text: string) => Buffer.from(text).toString("base64url");

/** GET /bookings (and GET /booking-groups): the page after the booking (group) made at `createdAt` with `id`. */
export const bookingsCursor = (createdAt: string, id: string) => base64url(JSON.stringify([createdAt, id]));

/** GET /events: after the event at (txid, sequence), handed out at `issuedAt` (ms). */
export const eventsCursor = (txid: string, sequence: string, issuedAt: number) => base64url(JSON.stringify([txid, sequence, issuedAt]));

/** GET /webhook-endpoints/{id}/deliveries: the page after the delivery made at `createdAt` with `id`. */
export const deliveriesCursor = (createdAt: string, id: string) => base64url(JSON.stringify([createdAt, id]));

/** GET /requests: the page after the request log's row `id`. */
export const requestsCursor = (id: string) => base64url(`r${id}`);
