import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { addDays } from "@/lib/dates/calendar-date";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { EXAMPLE_IDS } from "@/lib/openapi/example-ids";
import { STORY_CHILD_AGE_BANDS, STORY_OCCUPANCY } from "@/lib/openapi/example-prices";
import { EXAMPLE_CHANGE_IDEMPOTENCY_KEY } from "@/lib/openapi/examples";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { setupTestDatabase } from "../../support/database";
import { curlRequest, documentedOperations, exampleRequest, nameOf, parametersOf, successExample, type DocumentedRequest } from "../../support/documented-requests";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { TEST_SESSION_SECRET } from "../../support/test-worker";

/**
 * Every request the OpenAPI document shows (the one a viewer builds from the examples, and the
 * curl sample) works as written against a real server: only the ids are swapped for this
 * hotel's. The operations come from the document, so a new one without examples fails here.
 */
type Json = Record<string, any>;

const database = setupTestDatabase();
const document = openApiDocument() as Json;
const operations = documentedOperations(document);
const CURL_BASE = "https://hotel.example/partner/v1";

let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
/** The test clock's operations take a test key (a key of the hotel's test twin). */
let testKey: string;
let madeBookings = 0;
let standardPlanId: string;
let nonRefundablePlanId: string;

beforeAll(async () => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, {
    name: "Harbour View Hotel",
    roomTypes: [
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 5, basePrice: 12_000 },
      { name: "Single", description: "A single room.", maxAdults: 1, rooms: 3, basePrice: 8_000 },
      { name: "Family Suite", description: "Two rooms.", maxAdults: 4, rooms: 2, basePrice: 24_000 },
    ],
  });
  // The story's families (lib/openapi/example-prices.ts): its age bands, and a Family Suite that takes children.
  await database().db.property.update({ where: { id: hotel.property.id }, data: { childAgeBands: STORY_CHILD_AGE_BANDS.map((band) => ({ ...band })) } });
  const { maxChildren, maxOccupancy, adultsIncluded, extraAdult } = STORY_OCCUPANCY.suite;
  await database().db.roomType.update({ where: { id: hotel.roomTypes[2]!.id }, data: { maxChildren, maxOccupancy, adultsIncluded, extraAdult } });
  key = hotel.writeKey!.key;
  testKey = (await createApiKey(database().db, { propertyId: (await openTestTwin(database().db, hotel.property.id)).id, scope: "write", label: "Test", actor: TEST_ACTOR })).key;
  // The story's plans (lib/openapi/examples.ts): the Standard plan every property has, and a non-refundable one.
  standardPlanId = (await database().db.ratePlan.findFirstOrThrow({ where: { propertyId: hotel.property.id, standard: true } })).id;
  const nonRefundable = await createRatePlan(database().db, {
    propertyId: hotel.property.id,
    actor: TEST_ACTOR,
    name: "Non-refundable",
    priceRule: { percent: -10 },
    cancellationPolicy: { type: "non_refundable" },
  });
  nonRefundablePlanId = nonRefundable.id;
});

/** The id the document's examples use for a path parameter: the example of `id` on this path. */
function exampleId(template: string): string {
  const operation = document.paths[template].get;
  return String(parametersOf(document, operation).find((p) => p.name === "id")?.example);
}

/**
 * A booking of its own for each request that names one (the requests cancel them), on stays that
 * do not compete; a change's booking is the documented one (its room type and stay), so that the
 * documented change applies to it. An erasure's booking is cancelled first, as the documented one
 * is (a stay must have ended to be erased).
 */
async function newBooking(change: boolean, cancelled = false): Promise<string> {
  const checkin = addDays(hotel.today, 40 + 3 * madeBookings++);
  const documented = getBookingExample();
  const body = change
    ? { roomTypeId: hotel.roomTypes[0]!.id, checkin: documented.checkin, checkout: documented.checkout, adults: documented.adults, guest: GUEST }
    : { roomTypeId: hotel.roomTypes[1]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST };
  const made = await api("POST", "/bookings", { key, body });
  expect(made.status).toBe(201);
  if (cancelled) expect((await api("POST", `/bookings/${made.body.id}/cancel`, { key })).status).toBe(200);
  return made.body.id;
}

function getBookingExample(): Json {
  return successExample(document.paths["/bookings/{id}"].get).examples[0] as Json;
}

/** A group of its own for each request that names one (the requests cancel them), on a stay that does not compete. */
async function newGroup(): Promise<string> {
  const checkin = addDays(hotel.today, 40 + 3 * madeBookings++);
  const room = { roomTypeId: hotel.roomTypes[1]!.id, adults: 1 };
  const made = await api("POST", "/booking-groups", { key, body: { booker: GUEST, rooms: [room, room], checkin, checkout: addDays(checkin, 2) } });
  expect(made.status, made.text).toBe(201);
  return made.body.id;
}

async function newWebhookEndpoint(): Promise<string> {
  const made = await api("POST", "/webhook-endpoints", { key, body: { url: "https://partner.example.com/hooks/test" } });
  expect(made.status).toBe(201);
  return made.body.id;
}

/** A delivery to the endpoint (of a test event, as staff send them). */
async function newDelivery(endpointId: string): Promise<string> {
  const { eventId } = await sendTestEvent(database().db, { endpointId, propertyId: hotel.property.id });
  return (await database().db.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventId } })).id;
}

/**
 * The request with the document's example ids replaced by this hotel's: the room type, a booking,
 * a webhook endpoint and a delivery to it, a change's Idempotency-Key. A change's expectedPrice becomes this hotel's quote (its rates are not the
 * story's), as a partner would take it from a dry run.
 */
async function withRealIds(request: DocumentedRequest): Promise<DocumentedRequest> {
  let text = JSON.stringify(request);
  const swap = async (exampleValue: string, real: () => Promise<string> | string) => {
    if (exampleValue && text.includes(exampleValue)) text = text.replaceAll(exampleValue, await real());
  };
  await swap(exampleId("/room-types/{id}"), () => hotel.roomTypes[0]!.id);
  await swap(EXAMPLE_IDS.suite, () => hotel.roomTypes[2]!.id);
  await swap(exampleId("/booking-groups/{id}"), () => newGroup());
  await swap(EXAMPLE_IDS.standardPlan, () => standardPlanId);
  await swap(EXAMPLE_IDS.nonRefundablePlan, () => nonRefundablePlanId);
  await swap(exampleId("/bookings/{id}"), () => newBooking(request.method === "PATCH", request.pathAndQuery.includes("/anonymise")));
  let endpointId = "";
  await swap(exampleId("/webhook-endpoints/{id}"), async () => (endpointId = await newWebhookEndpoint()));
  await swap(EXAMPLE_IDS.webhookDelivery, () => newDelivery(endpointId));
  // Each documented change is made to a booking of its own: a key of its own too (one key, one change).
  await swap(EXAMPLE_CHANGE_IDEMPOTENCY_KEY, () => randomUUID());
  const real = JSON.parse(text) as DocumentedRequest;
  const body = real.body as Json | undefined;
  if (real.method === "PATCH" && body?.expectedPrice) {
    const change = Object.fromEntries(Object.entries(body).filter(([name]) => name !== "expectedPrice"));
    const quote = await api("PATCH", `${real.pathAndQuery.split("?")[0]}?dryRun=true`, { key, body: change });
    expect(quote.status, quote.text).toBe(200);
    body.expectedPrice = quote.body.price;
  }
  return real;
}

/** The field names of a JSON value, nested (arrays by their first element), to compare an example's shape with a real answer's. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (typeof value !== "object" || value === null) return typeof value === "object" ? "nullable" : "value";
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, shape(child)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** Field names only: null and a value are alike (a nullable field), an empty array matches any. */
function sameFields(example: unknown, real: unknown): boolean {
  if (Array.isArray(example) && Array.isArray(real)) return example.length === 0 || real.length === 0 || sameFields(example[0], real[0]);
  const exampleObject = typeof example === "object" && example !== null && !Array.isArray(example);
  const realObject = typeof real === "object" && real !== null && !Array.isArray(real);
  if (!exampleObject || !realObject) return exampleObject === realObject || example === null || real === null;
  const names = Object.keys(example as Json).sort();
  if (JSON.stringify(names) !== JSON.stringify(Object.keys(real as Json).sort())) return false;
  return names.every((name) => sameFields((example as Json)[name], (real as Json)[name]));
}

async function send(request: DocumentedRequest) {
  const real = await withRealIds(request);
  const keyFor = real.pathAndQuery.startsWith("/test-clock") ? testKey : key;
  return api(real.method, real.pathAndQuery, { key: keyFor, headers: real.headers, ...(real.body === undefined ? {} : { body: real.body }) });
}

describe.each(operations.map((op) => [nameOf(op), op] as const))("the documented request of %s", (_name, op) => {
  it("built from the examples gets the documented success status, with an answer shaped as the example", async () => {
    const success = successExample(op.operation);
    const response = await send(exampleRequest(document, op));
    expect(response.status, response.text).toBe(success.status);
    for (const example of success.examples) expect(sameFields(example, response.body), `${JSON.stringify(shape(example))}\n${JSON.stringify(shape(response.body))}`).toBe(true);
  });

  it("as its curl sample gets the documented success status", async () => {
    const response = await send(curlRequest(op.operation["x-codeSamples"][0].source, CURL_BASE));
    expect(response.status, response.text).toBe(successExample(op.operation).status);
  });
});
