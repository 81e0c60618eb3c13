import { describe, expect, it } from "vitest";
import { daysBetween, eachDate, nightsOfStay } from "@/lib/dates/calendar-date";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import {
  curlRequest,
  documentedOperations,
  exampleRequest,
  mediaExamples,
  nameOf,
  parametersOf,
  successExample,
  type DocumentedOperation,
} from "../support/documented-requests";
import { schemaProblems } from "../support/openapi-validator";

/**
 * The document's examples are what readers copy and what viewers show: each operation has an
 * explicit request and success response example (else a viewer invents one from the schema,
 * such as checkin = checkout), each example matches its schema, and each tells a consistent
 * story (nights = checkout − checkin, price = sum of the nights, one currency, ...). That the
 * API accepts the requests is test/integration/partner-api/documented-examples.test.ts.
 */
type Json = Record<string, any>;

const document = openApiDocument() as Json;
const operations = documentedOperations(document);
const CURL_BASE = "https://hotel.example/partner/v1";

const isDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Why an example contradicts itself, looking at every object in it; none when it is consistent. */
function inconsistencies(example: unknown): string[] {
  const found: string[] = [];
  const currencies = new Set<string>();
  const visit = (value: unknown, at: string): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${at}/${i}`));
    if (typeof value !== "object" || value === null) return;
    const o = value as Json;
    const say = (message: string) => found.push(`${at || "/"}: ${message}`);
    if (typeof o.currency === "string") currencies.add(o.currency);
    if (isDate(o.checkin) && isDate(o.checkout)) {
      if (!(o.checkin < o.checkout)) say(`checkin ${o.checkin} is not before checkout ${o.checkout}`);
      if ("nights" in o && o.nights !== daysBetween(o.checkin, o.checkout)) say(`nights ${o.nights}, but checkout − checkin is ${daysBetween(o.checkin, o.checkout)}`);
      const stay = nightsOfStay(o.checkin, o.checkout);
      for (const holder of [o, ...(Array.isArray(o.roomTypes) ? o.roomTypes : [])] as Json[]) {
        if (Array.isArray(holder.nightly) && JSON.stringify(holder.nightly.map((n: Json) => n.date)) !== JSON.stringify(stay)) say(`nightly dates are not the nights of the stay ${stay.join(", ")}`);
        if ("maxAdults" in holder && typeof o.adults === "number" && holder.maxAdults < o.adults) say(`${holder.name} takes ${holder.maxAdults} adults, the stay has ${o.adults}`);
      }
    }
    if (Array.isArray(o.nightly) && o.price) {
      const sum = (o.nightly as Json[]).reduce((total, night) => total + night.amount, 0);
      if (o.price.amount !== sum) say(`price ${o.price.amount}, but the nights add up to ${sum}`);
    }
    if (Array.isArray(o.roomTypes) && o.roomTypes.every((r: Json) => r.price)) {
      const totals = (o.roomTypes as Json[]).map((r) => r.price.amount);
      if (JSON.stringify(totals) !== JSON.stringify([...totals].sort((a, b) => a - b))) say("room types are not cheapest first");
    }
    if (isDate(o.from) && isDate(o.to)) {
      if (o.from > o.to) say(`from ${o.from} is after to ${o.to}`);
      for (const roomType of (o.roomTypes ?? []) as Json[]) {
        if (Array.isArray(roomType.nights) && JSON.stringify(roomType.nights.map((n: Json) => n.date)) !== JSON.stringify(eachDate(o.from, o.to))) say("nights are not each date from `from` to `to`");
        for (const night of (roomType.nights ?? []) as Json[]) {
          if (night.amount === null && !(night.closed && night.availableRooms === 0)) say(`${night.date} has no price, so must read closed with 0 rooms`);
        }
      }
    }
    if (isDate(o.checkinFrom) && isDate(o.checkinTo) && o.checkinFrom > o.checkinTo) say("checkinFrom is after checkinTo");
    if ((o.status === "confirmed" || o.status === "cancelled") && "cancelledAt" in o) {
      const cancelled = o.status === "cancelled";
      if (cancelled !== (o.cancelledAt !== null)) say(`status ${o.status} with cancelledAt ${o.cancelledAt}`);
      if (!cancelled && o.cancellationReason !== null) say("a confirmed booking with a cancellationReason");
      if (o.updatedAt < o.createdAt) say("updatedAt is before createdAt");
      if (cancelled && (o.cancelledAt < o.createdAt || o.updatedAt < o.cancelledAt)) say("cancelledAt is not between createdAt and updatedAt");
    }
    if (typeof o.type === "string" && o.type.startsWith("booking.") && o.data?.booking) {
      const expected = o.type === "booking.cancelled" ? "cancelled" : "confirmed";
      if (o.data.booking.status !== expected) say(`a ${o.type} event whose booking is ${o.data.booking.status}`);
      if (o.type === "booking.created" && o.createdAt !== o.data.booking.createdAt) say("booking.created at another instant than the booking's createdAt");
    }
    for (const [key, child] of Object.entries(o)) visit(child, `${at}/${key}`);
  };
  visit(example, "");
  if (currencies.size > 1) found.push(`several currencies: ${[...currencies].join(", ")}`);
  return found;
}

/** The request's parameters and body fields as one object, to check the same invariants (checkin before checkout, ...). */
function requestFields(op: DocumentedOperation): Json {
  const request = exampleRequest(document, op);
  const query = Object.fromEntries(new URL(request.pathAndQuery, "http://x").searchParams);
  return { ...query, ...(typeof request.body === "object" ? (request.body as Json) : {}) };
}

describe.each(operations.map((op) => [nameOf(op), op] as const))("the example of %s", (_name, op) => {
  it("has a request example: every parameter and the body (when it takes one)", () => {
    expect(() => exampleRequest(document, op)).not.toThrow();
    for (const parameter of parametersOf(document, op.operation)) {
      expect(schemaProblems(parameter.schema, parameter.example), `parameter ${parameter.name}`).toEqual([]);
      if (parameter.in === "header") expect(String(parameter.example), parameter.name).toMatch(/^[\x20-\x7e]+$/);
    }
    const media = op.operation.requestBody?.content?.["application/json"];
    for (const body of mediaExamples(media)) expect(schemaProblems(media.schema, body), "request body").toEqual([]);
  });

  it("has a request example that tells a consistent story", () => {
    expect(inconsistencies(requestFields(op))).toEqual([]);
  });

  it("has a success response example that matches the response's own schema and tells a consistent story", () => {
    const success = successExample(op.operation);
    if (!success.hasBody) return;
    expect(success.examples.length, `${success.status} example`).toBeGreaterThan(0);
    const schema = op.operation.responses[String(success.status)].content["application/json"].schema;
    for (const example of success.examples) {
      expect(schemaProblems(schema, example)).toEqual([]);
      expect(inconsistencies(example)).toEqual([]);
    }
  });

  it("has a curl sample that sends the request example's values", () => {
    const curl = curlRequest(op.operation["x-codeSamples"][0].source, CURL_BASE);
    expect(curl.method).toBe(op.method);
    const example = exampleRequest(document, op);
    const [curlPath, curlQuery] = curl.pathAndQuery.split("?");
    const [examplePath, exampleQuery] = example.pathAndQuery.split("?");
    expect(curlPath).toBe(examplePath);
    const documented = new URLSearchParams(exampleQuery);
    for (const [name, value] of new URLSearchParams(curlQuery)) expect(value, name).toBe(documented.get(name));
    for (const parameter of parametersOf(document, op.operation).filter((p) => p.required && p.in === "query")) {
      expect(new URLSearchParams(curlQuery).has(parameter.name), parameter.name).toBe(true);
    }
    const { "Content-Type": contentType, ...curlHeaders } = curl.headers;
    expect(contentType).toBe(curl.body === undefined ? undefined : "application/json");
    expect(curlHeaders).toEqual(example.headers);
    expect(curl.body).toEqual(example.body);
  });
});

describe("the webhooks' examples", () => {
  it("show each event type's body and headers, each consistent", () => {
    for (const [type, item] of Object.entries(document.webhooks as Json)) {
      const post = (item as Json).post;
      for (const parameter of post.parameters as Json[]) expect(parameter.example, `${type} ${parameter.name}`).toBeDefined();
      const media = post.requestBody.content["application/json"];
      const bodies = mediaExamples(media);
      expect(bodies.length, type).toBeGreaterThan(0);
      for (const body of bodies) {
        expect((body as Json).type).toBe(type);
        expect(schemaProblems(media.schema, body)).toEqual([]);
        expect(inconsistencies(body)).toEqual([]);
      }
    }
  });
});

describe("the invariants the examples are checked against", () => {
  it("catch what viewers invented from the schemas: checkin = checkout with one night, a price that is not the nights' sum", () => {
    const invented = { checkin: "2026-12-04", checkout: "2026-12-04", nights: 1, price: { amount: 0, currency: "EUR" }, nightly: [{ date: "2026-12-04", amount: 0 }] };
    expect(inconsistencies(invented)).toEqual([
      "/: checkin 2026-12-04 is not before checkout 2026-12-04",
      "/: nights 1, but checkout − checkin is 0",
      "/: nightly dates are not the nights of the stay ",
    ]);
    const booking = { checkin: "2026-12-04", checkout: "2026-12-06", nights: 2, price: { amount: 100, currency: "EUR" }, nightly: [{ date: "2026-12-04", amount: 60 }, { date: "2026-12-05", amount: 60 }] };
    expect(inconsistencies(booking)).toEqual(["/: price 100, but the nights add up to 120"]);
    expect(inconsistencies({ status: "confirmed", cancelledAt: "2026-12-01T00:00:00.000Z", cancellationReason: null, createdAt: "a", updatedAt: "a" })).toHaveLength(1);
  });
});
