import { Webhook } from "standardwebhooks";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { createRatePlan, deactivateRatePlan, updateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { createRoomType } from "@/lib/room-types/create-room-type";
import type { EventView } from "@/lib/schemas/events";
import { createAriCopy } from "@/docs/examples/keep-ari-copy.mjs";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, inProcessFetch, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { startTestWorker, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * A partner keeps a copy of our ARI as docs/partner-api.md tells it to, with the documented
 * example (docs/examples/keep-ari-copy.mjs; issue 39): it pulls 90 days of GET /rates once, then,
 * for each ari.changed it receives, reads the event's range again and replaces those nights. 200 random changes through every door that moves ARI (bookings,
 * changes, cancellations and groups through the API; rates, rooms, restrictions, rate plans and
 * a new room type as the panel and the CLI make them) later, with the worker coalescing and
 * delivering as in production, its copy equals a fresh pull night by night; and so does the copy
 * of a partner that received no webhook at all and caught up from the event feed.
 */
const database = setupTestDatabase();
const DAYS = 90;
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let receiver: LocalWebhookServer;
let secret: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, {
    name: "Ari Copy Hotel",
    roomTypes: [
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 4, basePrice: 12_000 },
      { name: "Single", description: "A single room.", maxAdults: 1, rooms: 3, basePrice: 8_000 },
      { name: "Suite", description: "A suite.", maxAdults: 3, rooms: 2, basePrice: 25_000 },
    ],
  });
  await database().db.property.update({ where: { id: hotel.property.id }, data: { guestEmailsEnabled: false } });
  receiver = await startLocalWebhookServer();
  const endpoint = await createWebhookEndpoint(database().db, {
    propertyId: hotel.property.id,
    endpoint: { url: `${receiver.url}/ari`, events: ["ari.changed"] },
    actor: TEST_ACTOR,
    allowPrivateUrls: true,
    secretBox: testSecretBox,
  });
  secret = endpoint.secret;
});
afterAll(() => receiver.close());

/** A small seeded generator, so a failure can be run again as it was. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: T[]) => items[Math.floor(next() * items.length)]! };
}

describe("a partner's copy of the ARI, kept by ari.changed alone", () => {
  it("equals a fresh pull after 200 random changes through every door", { timeout: 240_000 }, async () => {
    const { db } = database();
    const first = hotel.today;
    const key = hotel.writeKey!.key;
    const partner = { baseUrl: "http://127.0.0.1/partner/v1", apiKey: hotel.readKey.key, days: DAYS, fetch: inProcessFetch };
    const copy = createAriCopy(partner);
    const late = createAriCopy(partner);
    const worker = await startTestWorker(database());
    let applied = 0;
    const seen = new Set<string>();
    /** The webhooks that arrived since last time, verified and applied in turn (a retry of one applied is dropped by its id). */
    const applyArrived = async () => {
      while (applied < receiver.requests.length) {
        const request = receiver.requests[applied++]!;
        const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as EventView;
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        expect(event.type).toBe("ari.changed");
        await copy.apply(event);
      }
    };
    try {
      // The whole calendar once; the fixture's own calendars' events come after it and change nothing.
      await copy.pull();
      // A second partner whose webhooks all go missing: it keeps where the feed ended before its pull, and catches up from there.
      const cursor = await late.catchUp(undefined, { apply: false });
      await late.pull();

      const rng = random(39);
      const roomTypeIds = hotel.roomTypes.map((roomType) => roomType.id);
      const bookings: string[] = [];
      const groups: string[] = [];
      const plans: string[] = [];
      const done: Record<string, number> = {};
      const stay = () => {
        const checkin = addDays(first, rng.int(0, DAYS - 6));
        return { checkin, checkout: addDays(checkin, rng.int(1, 4)) };
      };
      for (let change = 0; change < 200; change++) {
        // Plans (whose events cover every night from today) change only in the first half: in the
        // second, each night is put right by the events of what changed on it, or not at all.
        const kinds = ["book", "book", "book", "change", "cancel", "group", "cancel group", "rates", "rooms", "restrictions", "close"];
        const kind = rng.pick(change < 100 ? [...kinds, "plan"] : kinds);
        done[kind] = (done[kind] ?? 0) + 1;
        if (kind === "book") {
          const made = await api("POST", "/bookings", { key, body: { roomTypeId: rng.pick(roomTypeIds), ...stay(), adults: 1, guest: GUEST } });
          if (made.status === 201) bookings.push(made.body.id);
        } else if (kind === "change" && bookings.length) {
          await api("PATCH", `/bookings/${rng.pick(bookings)}`, { key, body: rng.int(0, 1) ? stay() : { roomTypeId: rng.pick(roomTypeIds) } });
        } else if (kind === "cancel" && bookings.length) {
          await api("POST", `/bookings/${bookings.splice(rng.int(0, bookings.length - 1), 1)[0]}/cancel`, { key });
        } else if (kind === "group") {
          const rooms = [{ roomTypeId: rng.pick(roomTypeIds), adults: 1 }, { roomTypeId: rng.pick(roomTypeIds), adults: 1 }];
          const made = await api("POST", "/booking-groups", { key, body: { booker: GUEST, ...stay(), rooms } });
          if (made.status === 201) groups.push(made.body.id);
        } else if (kind === "cancel group" && groups.length) {
          await api("POST", `/booking-groups/${groups.pop()}/cancel`, { key });
        } else if (["rates", "rooms", "restrictions", "close"].includes(kind)) {
          const from = addDays(first, rng.int(0, DAYS + 10));
          const range = { roomTypeId: rng.pick(roomTypeIds), from, to: addDays(from, rng.int(0, 12)), actor: TEST_ACTOR };
          if (kind === "rates") await setRates(db, { ...range, price: rng.int(50, 300) * 100 });
          if (kind === "rooms") await setRates(db, { ...range, rooms: rng.int(0, 6) });
          if (kind === "restrictions") await setRates(db, { ...range, minStay: rng.int(1, 3), closedToDeparture: rng.int(0, 1) === 1 });
          if (kind === "close") await setRates(db, { ...range, closed: rng.int(0, 2) === 0 });
        } else if (kind === "plan") {
          const step = plans.length === 0 || rng.int(0, 2) === 0 ? "create" : rng.pick(["reprice", "deactivate"]);
          if (step === "create") {
            const plan = await createRatePlan(db, {
              propertyId: hotel.property.id,
              name: `Plan ${change}`,
              priceRule: { percent: rng.int(-20, 20) },
              cancellationPolicy: { type: "non_refundable" },
              roomTypeIds: rng.int(0, 1) ? [] : [rng.pick(roomTypeIds)],
              actor: TEST_ACTOR,
            });
            plans.push(plan.id);
          } else if (step === "reprice") {
            await updateRatePlan(db, { id: rng.pick(plans), propertyId: hotel.property.id, priceRule: { amount: rng.int(-10, 30) * 100 }, actor: TEST_ACTOR });
          } else {
            await deactivateRatePlan(db, { id: plans.splice(rng.int(0, plans.length - 1), 1)[0]!, propertyId: hotel.property.id, actor: TEST_ACTOR });
          }
        }
        if (change === 50) {
          // A room type opened halfway: the partner learns of it from its event alone.
          roomTypeIds.push((await createRoomType(db, { propertyId: hotel.property.id, name: "Loft", maxAdults: 2, rooms: 2, basePrice: 15_000, actor: TEST_ACTOR })).id);
        }
        await applyArrived();
      }
      expect(Object.keys(done).sort()).toEqual(["book", "cancel", "cancel group", "change", "close", "group", "plan", "rates", "restrictions", "rooms"]);

      // Quiet: every mark raised, every delivery made.
      await waitFor(
        async () => {
          const marks = await db.ariMark.count({ where: { propertyId: hotel.property.id } });
          const pending = await db.webhookDelivery.count({ where: { endpoint: { propertyId: hotel.property.id }, status: { not: "succeeded" } } });
          return marks === 0 && pending === 0;
        },
        { what: "every change raised and delivered", timeoutMs: 60_000 },
      );
      await applyArrived();
      await late.catchUp(cursor);
    } finally {
      await worker.stop();
    }
    const fresh = createAriCopy(partner);
    await fresh.pull();
    expect(fresh.nights.size).toBe(4);
    expect(seen.size).toBeGreaterThan(20);
    for (const [roomTypeId, nights] of fresh.nights) {
      expect(Object.fromEntries(copy.nights.get(roomTypeId) ?? []), roomTypeId).toEqual(Object.fromEntries(nights));
      expect(Object.fromEntries(late.nights.get(roomTypeId) ?? []), `${roomTypeId}, caught up from the feed`).toEqual(Object.fromEntries(nights));
    }
  });
});
