import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { ReceivedSpan } from "../../test/support/otlp-receiver";
import { demoCredentials } from "../support/demo";
import { bothInstancesUp } from "../support/instances";

/** What the traced instance exported so far (scripts/e2e/serve.ts: its OTLP receiver writes each span as a line). */
function exportedSpans(): ReceivedSpan[] {
  const file = join(process.cwd(), ".data", "e2e", "spans.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as ReceivedSpan);
}

test("the production build traces a partner request: Next.js's span of the HTTP request, ours inside it, and its PostgreSQL and Redis queries", async ({ request }) => {
  const [, traced] = await bothInstancesUp(request);
  const requestId = `req_e2e_${randomUUID()}`;
  const response = await request.get(`${traced}/partner/v1/me`, { headers: { "X-Api-Key": demoCredentials().partnerApiKey, "X-Request-Id": requestId } });
  expect(response.status()).toBe(200);

  // Next.js's server span ends after the answer is sent, so it may come in a later batch than ours: wait for the trace's root.
  let ours: ReceivedSpan | undefined;
  let spans: ReceivedSpan[] = [];
  let byId = new Map<string, ReceivedSpan>();
  const rootOfOurs = () => {
    ours = exportedSpans().find((span) => span.attributes["room_booking.request_id"] === requestId);
    if (!ours) return undefined;
    spans = exportedSpans().filter((span) => span.traceId === ours!.traceId);
    byId = new Map(spans.map((span) => [span.spanId, span]));
    let root = ours;
    while (root.parentSpanId) {
      const parent = byId.get(root.parentSpanId);
      if (!parent) return undefined;
      root = parent;
    }
    return root;
  };
  await expect.poll(() => rootOfOurs()?.name, { timeout: 15_000 }).toBeDefined();
  expect(ours).toMatchObject({ name: "GET /me", service: "room-booking-e2e", attributes: { "http.route": "/me", "http.response.status_code": 200 } });

  // Next.js's server span of the HTTP request is the trace's root, above ours.
  expect(rootOfOurs()).toMatchObject({ name: "GET /partner/v1/me", kind: 2, attributes: { "http.status_code": 200 } });

  const below = spans.filter((span) => {
    for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) if (at.parentSpanId === ours!.spanId) return true;
    return false;
  });
  const systems = new Set(below.map((span) => span.attributes["db.system.name"]));
  expect(systems).toContain("postgresql");
  // The partner API's rate limit, in Redis: the e2e server always has one (REDIS_URL's, else its own: scripts/e2e/serve.ts).
  expect(systems).toContain("redis");
  expect(JSON.stringify(spans)).not.toContain(demoCredentials().partnerApiKey);
});
