import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../support/database";
import { routeRequest, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

/** A client that resets its connection mid-body gets a 400 (if it still listens), never a 503 "database unavailable". */
const database = setupTestDatabase();

beforeAll(() => useDatabaseForRoutes(database().url));

describe("a body that breaks off", () => {
  it("is 400 invalid_request", async () => {
    const hotel = await partnerFixture(database().db, { name: "Reset Inn" });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"roomTypeId":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const request = new Request("http://127.0.0.1/partner/v1/bookings", {
      method: "POST",
      headers: { "x-api-key": hotel.writeKey!.key, "content-type": "application/json", "x-forwarded-for": "203.0.113.7" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await routeRequest(request);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_request");
  });
});
