import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it, vi } from "vitest";
import { PROBLEM_STATUS } from "@/lib/schemas/problem";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { checkWebhookUrl } from "@/lib/webhooks/webhook-url";

const document = openApiDocument() as any;

describe("the OpenAPI document", () => {
  it("loads into the reference's document store (Scalar's, as /docs does) with no validation error", async () => {
    // The store the /docs bundle uses (@scalar/api-reference 1.46.4 pins @scalar/workspace-store 0.35.3).
    const { createWorkspaceStore } = await import("@scalar/workspace-store/client");
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args));
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      await createWorkspaceStore().addDocument({ name: "partner-api", document: structuredClone(document) });
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
    const invalid = warnings.flat().flatMap((entry) => (Array.isArray(entry) ? entry.map((error: { path?: string; message?: string }) => `${error.path}: ${error.message}`) : []));
    expect(invalid).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("writes a nullable field as a type with null, and gives every composition its type", () => {
    expect(document.components.schemas.CancellationTerms.properties.freeUntil).toMatchObject({ type: ["string", "null"], format: "date" });
    expect(document.components.schemas.CancellationPolicy.type).toBe("object");
    expect(document.components.schemas.Booking.properties.cancellationFee).toMatchObject({ type: ["object", "null"] });
  });

  it("passes the Redocly linter's recommended rules with no error or warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(described).toEqual([]);
  });

  it("documents every endpoint of the contract, each with a curl example", () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /me",
        "GET /availability",
        "GET /room-types",
        "GET /room-types/{id}",
        "GET /rates",
        "GET /rate-plans",
        "POST /bookings",
        "GET /bookings",
        "GET /bookings/{id}",
        "PATCH /bookings/{id}",
        "POST /bookings/{id}/anonymise",
        "POST /bookings/{id}/cancel",
        "POST /booking-groups",
        "GET /booking-groups",
        "GET /booking-groups/{id}",
        "POST /booking-groups/{id}/cancel",
        "GET /events",
        "GET /webhook-endpoints",
        "POST /webhook-endpoints",
        "GET /webhook-endpoints/{id}",
        "DELETE /webhook-endpoints/{id}",
        "GET /webhook-endpoints/{id}/deliveries",
        "POST /webhook-endpoints/{id}/deliveries/{deliveryId}/replay",
        "GET /requests",
        "PUT /test-clock",
        "DELETE /test-clock",
      ].sort(),
    );
    for (const item of Object.values(document.paths) as any[]) {
      for (const op of Object.values(item) as any[]) expect(op["x-codeSamples"][0].source).toMatch(/^curl /);
    }
  });

  it("describes what webhook endpoints receive: each event type, its signature headers and the Event body", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(["ari.changed", "booking.anonymised", "booking.cancelled", "booking.changed", "booking.created", "booking_group.anonymised"]);
    const created = document.webhooks["booking.created"].post;
    expect(created.parameters.map((p: { name: string }) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(created.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/Event");
    // ari.changed: sent only where named, its example a range of a room type's nights.
    const ari = document.webhooks["ari.changed"].post;
    expect(ari.description).toContain("Only endpoints that name `ari.changed`");
    const example = ari.requestBody.content["application/json"].examples ?? { one: { value: ari.requestBody.content["application/json"].example } };
    const body = (Object.values(example)[0] as { value: { type: string; data: Record<string, unknown> } }).value;
    expect(body.type).toBe("ari.changed");
    expect(Object.keys(body.data).sort()).toEqual(["changed", "from", "roomTypeId", "to"]);
    expect(document.components.schemas.Event.oneOf.map((branch: { $ref: string }) => branch.$ref)).toEqual(["#/components/schemas/BookingEvent", "#/components/schemas/BookingAnonymisedEvent", "#/components/schemas/BookingGroupAnonymisedEvent", "#/components/schemas/AriChangedEvent"]);
  });

  it("documents every error code somewhere, and the seed's two texts' statuses", () => {
    const text = JSON.stringify(document.paths);
    for (const code of Object.keys(PROBLEM_STATUS)) {
      if (code === "method_not_allowed" || code === "not_found") continue; // per route where they apply
      expect(text, code).toContain(`\`${code}\``);
    }
    expect(Object.keys(document.paths["/bookings"].post.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "409", "413", "415", "422", "429", "500", "503"]));
  });

  it("takes its schemas from the zod schemas the routes validate with", () => {
    const create = document.components.schemas.CreateBooking;
    expect(create.required.sort()).toEqual(["adults", "checkin", "checkout", "guest", "roomTypeId"]);
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.adults).toMatchObject({ type: "integer", minimum: 1, maximum: 20 });
    const availability = document.paths["/availability"].get.parameters;
    expect(availability.find((p: any) => p.name === "adults")).toMatchObject({ required: true, schema: { type: "integer", minimum: 1, maximum: 20 } });
  });

  it("says a webhook endpoint's url is a URI, with an example the API accepts in production", () => {
    // Without the format, generators filled it with any string ("string"), which the API refuses.
    for (const schema of ["CreateWebhookEndpoint", "WebhookEndpoint"]) {
      const url = document.components.schemas[schema].properties.url;
      expect(url.format, schema).toBe("uri");
      for (const example of url.examples) expect(checkWebhookUrl(example, { allowPrivate: false }).ok, `${schema}: ${example}`).toBe(true);
    }
  });
});
