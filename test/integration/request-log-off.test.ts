import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { requestLogOf } from "@/lib/request-log/request-log-of";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";

/** REQUEST_LOG=off (an operator's choice, read once per process): requests are answered and nothing is kept. */
const database = setupTestDatabase();

beforeAll(() => {
  process.env.REQUEST_LOG = "off";
  useDatabaseForRoutes(database().url);
});

it("keeps no request log with REQUEST_LOG=off", async () => {
  const hotel = await partnerFixture(database().db, { name: "Unlogged Hotel" });
  expect((await api("GET", "/me", { key: hotel.writeKey!.key })).status).toBe(200);
  await requestLogOf(getDb()).flush();
  const listed = await api("GET", "/requests", { key: hotel.writeKey!.key });
  expect(listed.body).toEqual({ data: [], nextCursor: null });
  expect(await database().db.$queryRaw`SELECT id FROM api_requests`).toEqual([]);
});
