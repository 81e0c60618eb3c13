import { afterEach, describe, expect, it } from "vitest";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { freePort } from "@/scripts/lib/ports";
import { socketClosed, startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";

/**
 * One delivery attempt against a real HTTP server on 127.0.0.1: what the receiver gets,
 * how answers become results (2xx only is ok, 3xx is not followed), and the limits that keep
 * a slow or chatty receiver from holding the worker (deadline, 1 KB of answer).
 */

const servers: LocalWebhookServer[] = [];
async function server(...args: Parameters<typeof startLocalWebhookServer>) {
  const started = await startLocalWebhookServer(...args);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const body = JSON.stringify({ type: "booking.created", data: { id: "bk_1" } });
const headers = { "webhook-id": "msg_1", "webhook-signature": "v1,abc=" };
const lenient = { allowPrivate: true };

describe("postWebhook", () => {
  it("POSTs the body and headers as given and reports a 2xx as ok", async () => {
    const receiver = await server((_request, response) => response.writeHead(202).end("thanks"));
    const result = await postWebhook({ url: `${receiver.url}/hooks/rooms?x=1`, headers, body }, lenient);

    expect(result).toMatchObject({ ok: true, statusCode: 202, error: null, responseBody: "thanks" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received).toMatchObject({ method: "POST", path: "/hooks/rooms?x=1", body });
    expect(received?.headers).toMatchObject({
      host: `127.0.0.1:${receiver.port}`,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "user-agent": "RoomBooking-Webhooks/1.0",
      "webhook-id": "msg_1",
      "webhook-signature": "v1,abc=",
    });
  });

  it("reports a 500 as a failed attempt with its status and answer", async () => {
    const receiver = await server((_request, response) => response.writeHead(500).end("boom"));
    const result = await postWebhook({ url: receiver.url, headers, body }, lenient);
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: "HTTP 500", responseBody: "boom" });
  });

  it("does not follow a redirect", async () => {
    const target = await server();
    const redirecting = await server((_request, response) => response.writeHead(302, { location: `${target.url}/elsewhere` }).end());
    const result = await postWebhook({ url: redirecting.url, headers, body }, lenient);

    expect(result).toMatchObject({ ok: false, statusCode: 302, error: "HTTP 302" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redirecting.requests).toHaveLength(1);
    expect(target.sockets).toHaveLength(0);
  });

  it("gives up after timeoutMs on a receiver that never answers, and closes the connection", async () => {
    const silent = await server(() => {});
    const result = await postWebhook({ url: silent.url, headers, body }, { ...lenient, timeoutMs: 300 });

    // The receiver never answers, so only the deadline can end the attempt: "timed out" is the deadline's own error,
    // after at least its 300 ms. How soon after is the machine's business, not this test's.
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "timed out after 0.3 s", responseBody: "" });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(silent.requests).toHaveLength(1);
    await socketClosed(silent.sockets[0]!);
  });

  it("gives up after timeoutMs when the answer's body never ends", async () => {
    const stalling = await server((_request, response) => {
      response.writeHead(200);
      response.write("partial");
    });
    const result = await postWebhook({ url: stalling.url, headers, body }, { ...lenient, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "timed out after 0.3 s" });
  });

  it("reads only the first 1024 bytes of a long answer", async () => {
    const long = Array.from({ length: 100 * 1024 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
    const chatty = await server((_request, response) => response.writeHead(200).end(long));
    const result = await postWebhook({ url: chatty.url, headers, body }, lenient);

    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(result.responseBody).toHaveLength(1024);
    expect(result.responseBody).toBe(long.slice(0, 1024));
  });

  it("replaces invalid UTF-8 in the answer instead of failing", async () => {
    const receiver = await server((_request, response) => response.writeHead(400).end(Buffer.from([0x6f, 0x6b, 0xff])));
    const result = await postWebhook({ url: receiver.url, headers, body }, lenient);
    expect(result).toMatchObject({ ok: false, statusCode: 400, error: "HTTP 400", responseBody: "ok\uFFFD" });
  });

  it("reports a refused connection as a failed attempt, without throwing", async () => {
    const port = await freePort();
    const result = await postWebhook({ url: `http://127.0.0.1:${port}/`, headers, body }, lenient);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "connection refused", responseBody: "" });
  });
});
