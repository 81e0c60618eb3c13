// Keeping a copy of a hotel's ARI (availability, rates and restrictions), as docs/partner-api.md
// ("Keeping a copy of our ARI") describes: pull the calendar once, then apply each ari.changed
// event by reading its range again; after missed webhooks, catch up from the event feed.
//
// Run it:   ROOM_BOOKING_KEY=rbp_… WEBHOOK_SECRET=whsec_… BASE_URL=https://…/partner/v1 \
//           PORT=8080 node docs/examples/keep-ari-copy.mjs
// then add an endpoint for it (POST /webhook-endpoints with "events": ["ari.changed"]).
// Needs Node 20 or later and `npm install standardwebhooks`. The functions below are what
// test/integration/ari/partner-copy.test.ts runs against the API.

/** Up to this many nights per GET /rates. */
const MAX_NIGHTS_PER_READ = 366;

function addDays(date, days) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * A copy of `days` nights from today at the hotel: room type id → date → the night as GET /rates
 * answers it (amount, availableRooms, restrictions, each plan's price).
 */
export function createAriCopy({ baseUrl, apiKey, days = 365, fetch = globalThis.fetch }) {
  const nights = new Map();
  let first;
  let last;

  async function get(path) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { "X-Api-Key": apiKey } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  /** Reads nights from..to (of one room type, or all) and replaces them in the copy, 366 nights a request. */
  async function read(from, to, roomTypeId) {
    for (let start = from; start <= to; start = addDays(start, MAX_NIGHTS_PER_READ)) {
      const end = addDays(start, MAX_NIGHTS_PER_READ - 1) < to ? addDays(start, MAX_NIGHTS_PER_READ - 1) : to;
      const query = new URLSearchParams({ from: start, to: end, ...(roomTypeId ? { roomTypeId } : {}) });
      const rates = await get(`/rates?${query}`);
      for (const roomType of rates.roomTypes) {
        const calendar = nights.get(roomType.roomTypeId) ?? new Map();
        for (const night of roomType.nights) calendar.set(night.date, night);
        nights.set(roomType.roomTypeId, calendar);
      }
    }
  }

  return {
    nights,
    /** The whole calendar, once: today at the hotel (GET /me) and `days` nights on. Remember the feed's position first (see catchUp). */
    async pull() {
      const me = await get("/me");
      first = me.property.today;
      last = addDays(first, days - 1);
      await read(first, last);
    },
    /** One event: an ari.changed's nights (within the copy's days) read again; any other type ignored. */
    async apply(event) {
      if (event.type !== "ari.changed") return;
      const { roomTypeId, from, to } = event.data;
      const start = from > first ? from : first;
      const end = to < last ? to : last;
      if (start <= end) await read(start, end, roomTypeId);
    },
    /**
     * Every ari.changed after `cursor` in the feed (GET /events, kept 30 days), applied in order
     * (`apply: false`: only passed over, to find where the feed ends); returns the cursor to keep.
     */
    async catchUp(cursor, { apply = true } = {}) {
      for (;;) {
        const query = new URLSearchParams({ type: "ari.changed", limit: "100", ...(cursor ? { after: cursor } : {}) });
        const page = await get(`/events?${query}`);
        if (apply) for (const event of page.data) await this.apply(event);
        cursor = page.nextCursor;
        if (page.data.length < 100) return cursor;
      }
    },
  };
}

/** The webhook receiver: verifies each request (Standard Webhooks), answers 204 at once, applies events one at a time. */
async function main() {
  const { createServer } = await import("node:http");
  const { Webhook } = await import("standardwebhooks");
  const { BASE_URL, ROOM_BOOKING_KEY, WEBHOOK_SECRET, PORT = "8080" } = process.env;
  if (!BASE_URL || !ROOM_BOOKING_KEY || !WEBHOOK_SECRET) throw new Error("set BASE_URL, ROOM_BOOKING_KEY and WEBHOOK_SECRET");
  const copy = createAriCopy({ baseUrl: BASE_URL, apiKey: ROOM_BOOKING_KEY });
  // Where the feed ends before the pull, then the events since: nothing that changes during the pull is missed.
  let cursor = await copy.catchUp(undefined, { apply: false });
  await copy.pull();
  cursor = await copy.catchUp(cursor);
  // Webhooks may be missed while this process is down or the network is: catch up every minute too.
  setInterval(() => {
    queue = queue.then(async () => (cursor = await copy.catchUp(cursor))).catch((error) => console.error(`catching up: ${error.message}`));
  }, 60_000);
  let queue = Promise.resolve();
  const webhook = new Webhook(WEBHOOK_SECRET);
  createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      let event;
      try {
        event = webhook.verify(Buffer.concat(chunks).toString("utf8"), request.headers);
      } catch {
        response.writeHead(400).end();
        return;
      }
      response.writeHead(204).end();
      queue = queue.then(() => copy.apply(event)).catch((error) => console.error(`could not apply ${event.id}: ${error.message}`));
    });
  }).listen(Number(PORT));
  console.log(`copy of ${copy.nights.size} room types; listening on ${PORT}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
