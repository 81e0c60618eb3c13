import { beforeAll, describe, expect, it } from "vitest";
import { scrapeMetrics } from "@/lib/metrics/metrics-endpoint";
import { serveMetrics } from "@/lib/metrics/serve-metrics";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";
import { parsePrometheusText, sampleValue, type Sample } from "../support/prometheus-text";

/** The Prometheus metrics (issue 25): scraped and parsed after a scripted mix of partner API requests. */
const database = setupTestDatabase();
const TOKEN = "a metrics token of the test run";
let hotel: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Metrics Hotel" });
});

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const { status, body } = await scrapeMetrics({ authorization: `Bearer ${TOKEN}`, token: TOKEN, db: () => database().db, limiter: getRateLimiter });
  expect(status).toBe(200);
  return { text: body, samples: parsePrometheusText(body) };
}

const requests = (samples: Sample[], route: string, method: string, status: number) =>
  sampleValue(samples, "http_server_request_duration_seconds_count", { http_route: route, http_request_method: method, http_response_status_code: String(status) });

describe("GET /api/metrics", () => {
  it("counts partner API requests by route template (the span's http.route: no method in it), method and status, and the limiter's decisions", async () => {
    const before = (await scrape()).samples;
    const key = hotel.writeKey!.key;
    for (let i = 0; i < 3; i++) expect((await api("GET", "/me", { key })).status).toBe(200);
    expect((await api("GET", "/bookings/bk_aaaaaaaaaaaaaaaaaaaa", { key })).status).toBe(404);
    expect((await api("GET", "/bookings/bk_bbbbbbbbbbbbbbbbbbbb", { key })).status).toBe(404);
    expect((await api("GET", "/me", { key: "rbp_000000000000000000000000000000000000nope" })).status).toBe(401);
    const booked = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { firstName: "Mia", lastName: "Metric", email: "mia.metric@guest.test" } } });
    expect(booked.status).toBe(201);

    const { text, samples: after } = await scrape();
    const delta = (route: string, method: string, status: number) => requests(after, route, method, status) - requests(before, route, method, status);
    expect(delta("/me", "GET", 200)).toBe(3);
    expect(delta("/bookings/{id}", "GET", 404)).toBe(2);
    expect(delta("/me", "GET", 401)).toBe(1);
    expect(delta("/bookings", "POST", 201)).toBe(1);
    expect(after.filter((s) => s.name === "http_server_request_duration_seconds_count").every((s) => s.labels.http_route?.startsWith("/")), "a route label is a path template, never a method and a path").toBe(true);
    const allowed = (samples: Sample[]) => sampleValue(samples, "rate_limiter_decisions_total", { limit: "plan", outcome: "allowed" });
    expect(allowed(after) - allowed(before)).toBe(6); // the 401 never reached the plan limit

    // No raw path, key, booking id or guest data in any label or value.
    expect(after.some((s) => s.labels.http_route?.includes("bk_"))).toBe(false);
    for (const secret of [key, hotel.readKey.key, "mia.metric@guest.test", "Metric", booked.body.id, hotel.property.id]) expect(text.includes(secret), secret).toBe(false);
  });

  it("reports the database pool, the job queue, the webhook and e-mail backlogs, the limiter and Node's runtime", async () => {
    const { samples } = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      "db_client_connection_count",
      "db_client_connection_pending_requests",
      "job_queue_ready_jobs",
      "job_queue_oldest_ready_job_age_seconds",
      "webhook_deliveries",
      "webhook_deliveries_oldest_pending_age_seconds",
      "guest_emails",
      "guest_emails_oldest_pending_age_seconds",
      "rate_limiter_degraded",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(sampleValue(samples, "db_client_connection_count", { state: "used" }) + sampleValue(samples, "db_client_connection_count", { state: "idle" })).toBeGreaterThan(0);
    expect(samples.filter((s) => s.name === "webhook_deliveries").map((s) => s.labels.status).sort()).toEqual(["failed", "pending", "succeeded"]);
    // The booking above queued its event's dispatch (no worker runs here).
    expect(sampleValue(samples, "job_queue_ready_jobs")).toBeGreaterThan(0);
  });

  it("is served only with the token: 404 without METRICS_TOKEN, 401 with a wrong or missing bearer", async () => {
    const db = () => database().db;
    expect((await scrapeMetrics({ authorization: `Bearer ${TOKEN}`, token: undefined, db })).status).toBe(404);
    for (const authorization of [null, "Bearer wrong", TOKEN, `bearer ${TOKEN}`, `Bearer ${TOKEN} `]) {
      const answer = await scrapeMetrics({ authorization, token: TOKEN, db });
      expect([answer.status, answer.headers["WWW-Authenticate"]], String(authorization)).toEqual([401, 'Bearer realm="metrics"']);
    }
  });

  it("the worker serves the same metrics on its own port, with the same token", async () => {
    const server = await serveMetrics({ port: 0, host: "127.0.0.1", token: TOKEN, db: () => database().db });
    try {
      const ok = await fetch(server.url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect([ok.status, ok.headers.get("content-type")]).toEqual([200, "text/plain; version=0.0.4; charset=utf-8"]);
      expect(parsePrometheusText(await ok.text()).some((s) => s.name === "job_queue_ready_jobs")).toBe(true);
      expect((await fetch(server.url)).status).toBe(401);
      expect((await fetch(server.url.replace("/metrics", "/other"), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
