import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { setupTestDatabase } from "../../support/database";
import { asText, bodyWith, HOSTILE_JSON, HOSTILE_STRINGS, type HostileValue } from "../../support/hostile-values";
import { openApiProblems } from "../../support/openapi-validator";
import { api, routeRequest, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * Schema-driven fuzz: for every operation of the OpenAPI document, every path parameter,
 * query parameter and body field (and the body and the Idempotency-Key header as a whole) gets
 * hostile values while the rest of the request stays valid. Whatever arrives, the answer is
 * never a 5xx; a refusal is a 4xx problem+json that matches the document and writes nothing;
 * and nothing stored holds a control character (line breaks in a reason aside) or an unpaired
 * surrogate.
 */
type Json = Record<string, any>;
type Case = { name: string; method: string; path: string; body?: string; headers?: Record<string, string> };

const database = setupTestDatabase();
const doc = openApiDocument() as Json;
let key: string;
let pathIds: Record<string, string>;
let validQuery: Record<string, Record<string, string>>;
let validBody: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const hotel = await partnerFixture(database().db, {
    plan: "pro",
    roomTypes: [{ name: "Dorm", description: "Many beds.", maxAdults: 4, rooms: 500, basePrice: 3_000 }],
  });
  key = hotel.writeKey!.key;
  const roomTypeId = hotel.roomTypes[0]!.id;
  const booking = await api("POST", "/bookings", { key, body: { roomTypeId, ...hotel.stay, adults: 1, guest: GUEST } });
  expect(booking.status).toBe(201);
  pathIds = { "/room-types/{id}": roomTypeId, "/bookings/{id}": booking.body.id, "/bookings/{id}/cancel": booking.body.id };
  validQuery = {
    "/availability": { ...hotel.stay, adults: "1" },
    "/rates": { from: hotel.stay.checkin, to: hotel.stay.checkout },
  };
  validBody = {
    "/bookings": { roomTypeId, ...hotel.stay, adults: 1, guest: GUEST },
    "/bookings/{id}": { adults: 2, expectedPrice: booking.body.price },
    "/bookings/{id}/cancel": {},
  };
});

function resolve(schema: Json): Json {
  return schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").at(-1)]) : schema;
}

/** Every field path of an object schema, nested objects included (guest.email). */
function fieldPaths(schema: Json, prefix: string[] = []): string[][] {
  const object = resolve(schema);
  return Object.entries((object.properties ?? {}) as Json).flatMap(([name, field]) => {
    const path = [...prefix, name];
    const inner = resolve(field as Json);
    return inner.type === "object" ? [path, ...fieldPaths(inner, path)] : [path];
  });
}

/** A path segment carrying `text` as the server will see it decoded. */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80"; // an unpaired surrogate has no UTF-8: send the bytes it would have
  }
}

/** Percent-encoding that does not decode, sent as it is. */
const RAW_SEGMENTS = ["%", "%ZZ", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%00", "a%00b", "%FF"];

function casesFor(template: string, method: string, operation: Json): Case[] {
  const cases: Case[] = [];
  const fill = (id: string) => template.replace("{id}", id);
  const validPath = fill(pathIds[template] ?? "");
  const query = (values: Record<string, string>) => {
    const search = new URLSearchParams(values).toString();
    return search ? `?${search}` : "";
  };
  const baseQuery = validQuery[template] ?? {};
  const baseBody = operation.requestBody ? validBody[template] : undefined;
  const body = baseBody ? JSON.stringify(baseBody) : undefined;
  const at = (name: string, extra: Partial<Case>): Case => ({ name: `${method} ${template} ${name}`, method, path: `${validPath}${query(baseQuery)}`, body, ...extra });

  for (const parameter of operation.parameters ?? []) {
    const p = parameter.$ref ? doc.components.parameters[parameter.$ref.split("/").at(-1)] : parameter;
    if (p.in === "path") {
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_JSON]) cases.push(at(`path ${p.name} = ${value.label}`, { path: `${fill(segment(asText(value)))}${query(baseQuery)}` }));
      for (const raw of RAW_SEGMENTS) cases.push(at(`path ${p.name} raw ${raw}`, { path: `${fill(raw)}${query(baseQuery)}` }));
    } else if (p.in === "query") {
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_JSON]) {
        cases.push(at(`query ${p.name} = ${value.label}`, { path: `${validPath}${query({ ...baseQuery, [p.name]: asText(value) })}` }));
      }
      for (const raw of RAW_SEGMENTS) cases.push(at(`query ${p.name} raw ${raw}`, { path: `${validPath}${query(baseQuery)}${Object.keys(baseQuery).length ? "&" : "?"}${p.name}=${raw}` }));
    } else if (p.in === "header") {
      for (const value of HOSTILE_STRINGS.filter((v) => "string" in v && /^[\u0020-\u00ff]*$/.test(v.string))) {
        cases.push(at(`header ${p.name} = ${value.label}`, { headers: { [p.name]: asText(value) } }));
      }
      cases.push(at(`header ${p.name} = latin-1`, { headers: { [p.name]: "clé-\u00e9\u0080" } }), at(`header ${p.name} = 300 characters`, { headers: { [p.name]: "k".repeat(300) } }));
    }
  }
  for (const value of HOSTILE_STRINGS.slice(0, 4)) cases.push(at(`unknown query parameter named ${value.label}`, { path: `${validPath}${query({ ...baseQuery, [asText(value)]: "1" })}` }));

  if (baseBody) {
    for (const path of fieldPaths(operation.requestBody.content["application/json"].schema)) {
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_JSON]) cases.push(at(`body ${path.join(".")} = ${value.label}`, { body: bodyWith(baseBody, path, value) }));
    }
    for (const value of [...HOSTILE_STRINGS, ...HOSTILE_JSON] as HostileValue[]) {
      const whole = "raw" in value ? value.raw : JSON.stringify("string" in value ? value.string : value.json);
      cases.push(at(`whole body = ${value.label}`, { body: whole }));
    }
  }
  return cases;
}

function allCases(): Case[] {
  const cases: Case[] = [];
  for (const [template, methods] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(methods as Json)) cases.push(...casesFor(template, method.toUpperCase(), operation as Json));
  }
  return cases;
}

/** What a refused request must not have changed: bookings, their history, the outbox and the nights' counters. */
async function storedState(): Promise<string> {
  const [row] = await database().db.$queryRaw<{ state: string }[]>`
    SELECT concat_ws('|', (SELECT count(*) FROM bookings), (SELECT max(updated_at) FROM bookings),
                          (SELECT sum(rooms_sold) FROM room_nights), (SELECT max(updated_at) FROM room_nights),
                          (SELECT count(*) FROM booking_history), (SELECT count(*) FROM events)) AS state`;
  return row!.state;
}

describe("hostile input on every operation of the OpenAPI document", () => {
  it("is never a 5xx; a refusal is problem+json as documented and stores nothing", async () => {
    const cases = allCases();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const c of cases) {
      const before = await storedState();
      const headers = new Headers({ "x-forwarded-for": "203.0.113.7", "x-api-key": key, ...(c.headers ?? {}) });
      if (c.body !== undefined) headers.set("content-type", "application/json");
      let response: Response;
      try {
        response = await routeRequest(new Request(`http://127.0.0.1/partner/v1${c.path}`, { method: c.method, headers, body: c.body }));
      } catch (error) {
        failures.push(`${c.name}: threw ${(error as Error).message}`);
        continue;
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const text = await response.text();
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (response.status >= 500) {
        failures.push(`${c.name}: ${response.status} ${json?.code ?? text.slice(0, 80)}`);
        continue;
      }
      const path = new URL(`http://x/partner/v1${c.path}`).pathname.replace(/^\/partner\/v1/, "");
      const documented = openApiProblems(c.method, path, response.status, json, response.headers);
      if (documented.length) failures.push(`${c.name}: ${documented.join("; ")}`);
      if (response.status >= 400) {
        if (response.headers.get("content-type") !== "application/problem+json" || typeof json?.code !== "string") failures.push(`${c.name}: ${response.status} is not problem+json`);
        if ((await storedState()) !== before) failures.push(`${c.name}: refused with ${response.status} but changed stored data`);
        // Every field error in the API's words ("Must be …", "Is required.", "Unknown field."), never zod's own ("Invalid ISO datetime").
        for (const error of (json?.errors ?? []) as { field: string; message: string }[]) {
          if (/^(Invalid|Too (big|small)|Expected)/.test(error.message)) failures.push(`${c.name}: ${error.field}: "${error.message}" is zod's wording`);
        }
      }
    }
    console.log(`[hostile input] ${cases.length} cases; statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(", ")}; ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(1_000);
    // Some 2,700 requests one after the other: about 30 s on a loaded 2-core machine.
  }, 120_000);

  it("left nothing stored with a control character or an unpaired surrogate", async () => {
    // PostgreSQL cannot hold U+0000 or a surrogate; node-postgres turns an unpaired one into U+FFFD.
    const [found] = await database().db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM bookings
      WHERE concat_ws(' ', guest_first_name, guest_last_name, guest_email, external_reference, idempotency_key, reference) ~ '[\x01-\x1f\x7f-\x9f\ufffd]'
         OR cancellation_reason ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]'`;
    expect(Number(found!.n)).toBe(0);
  });
});
