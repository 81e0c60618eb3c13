import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as availability } from "@/app/bench/ceiling/availability/route";
import { POST as bookings } from "@/app/bench/ceiling/bookings/route";
import { POST as groups } from "@/app/bench/ceiling/booking-groups/route";
import { GET as me } from "@/app/bench/ceiling/me/route";
import { GET as rates } from "@/app/bench/ceiling/rates/route";

// The benchmark's ceiling routes are in every build: without BENCH_CEILING_ROUTES=1 (set only by
// npm run bench) they answer a bare 404 before reading anything, key or body.
describe("bench ceiling routes", () => {
  afterEach(() => vi.unstubAllEnvs());

  const key = { "x-api-key": "rbp_anything" };
  const calls = [
    ["GET /bench/ceiling/me", () => me(new Request("http://localhost/bench/ceiling/me", { headers: key }))],
    ["GET /bench/ceiling/availability", () => availability(new Request("http://localhost/bench/ceiling/availability?checkin=2030-01-01&checkout=2030-01-02&adults=2", { headers: key }))],
    ["GET /bench/ceiling/rates", () => rates(new Request("http://localhost/bench/ceiling/rates?from=2030-01-01&to=2030-03-31", { headers: key }))],
    ["POST /bench/ceiling/bookings", () => bookings(new Request("http://localhost/bench/ceiling/bookings", { method: "POST", headers: key, body: "{}" }))],
    ["POST /bench/ceiling/booking-groups", () => groups(new Request("http://localhost/bench/ceiling/booking-groups", { method: "POST", headers: key, body: "{}" }))],
  ] as const;

  for (const value of [undefined, "", "0", "true"]) {
    it.each(calls)(`%s answers 404 when BENCH_CEILING_ROUTES is ${JSON.stringify(value)}`, async (_, call) => {
      if (value === undefined) delete process.env.BENCH_CEILING_ROUTES;
      else vi.stubEnv("BENCH_CEILING_ROUTES", value);
      const response = await call();
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    });
  }
});
