import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixedClock } from "@/lib/clock";
import { openApiDocument } from "@/lib/openapi/openapi-document";

describe("the OpenAPI document, with a second copy of the schemas loaded", () => {
  // A server bundle can hold the schema modules twice (the job worker's bundle beside the
  // routes'), each copy registering its own "Money" in zod's one global registry. Seen in
  // e2e: once the worker had run, /partner/v1/openapi.json answered 500 "Duplicate schema id".
  it("is built from the schemas of its own copy, whatever else is registered", () => {
    const before = openApiDocument(fixedClock("2031-01-01T00:00:00Z")) as { components: { schemas: Record<string, unknown> } };
    z.object({ amount: z.number(), currency: z.string() }).meta({ id: "Money" });
    const after = openApiDocument(fixedClock("2031-01-02T00:00:00Z")) as { components: { schemas: Record<string, unknown> } };
    expect(after.components.schemas).toEqual(before.components.schemas);
  });
});
