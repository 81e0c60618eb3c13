import { afterEach, describe, expect, it, vi } from "vitest";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { postWebhook, type ResolvedAddress } from "@/lib/webhooks/post-webhook";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";

/**
 * The SSRF side of delivery: a URL or a name that leads to a forbidden address is refused
 * before any connection, every resolved address counts, the name is resolved once, and the
 * socket connects to the address that was checked while the Host header keeps the name.
 */

let receiver: LocalWebhookServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await receiver?.close();
  receiver = undefined;
});

const body = "{}";
const headers = { "webhook-id": "msg_1" };
const strict = { allowPrivate: false };
const lookupOf = (answers: Record<string, ResolvedAddress[]>) =>
  vi.fn(async (hostname: string) => answers[hostname] ?? Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" })));

describe("postWebhook address checks", () => {
  it("refuses a private URL when private targets are not allowed, without connecting", async () => {
    receiver = await startLocalWebhookServer();
    const plain = await postWebhook({ url: receiver.url, headers, body }, strict);
    expect(plain).toMatchObject({ ok: false, statusCode: null, error: "refused: Must be an https URL." });
    const secure = await postWebhook({ url: `https://127.0.0.1:${receiver.port}/`, headers, body }, strict);
    expect(secure).toMatchObject({ ok: false, statusCode: null, error: "refused: Must not point to a private or reserved address." });
    expect(receiver.sockets).toHaveLength(0);
  });

  it("refuses a name when any of its addresses is forbidden, without connecting", async () => {
    const connect = vi.spyOn(https, "request");
    const lookup = lookupOf({ "hooks.example.com": [{ address: "93.184.215.14", family: 4 }, { address: "10.0.0.1", family: 4 }] });
    const result = await postWebhook({ url: "https://hooks.example.com/rooms", headers, body }, { ...strict, lookup });

    expect(result).toMatchObject({ ok: false, statusCode: null, error: "refused: hooks.example.com resolves to a forbidden address" });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(connect).not.toHaveBeenCalled();
  });

  it("connects to the resolved address, resolved once, keeping the name in the Host header", async () => {
    receiver = await startLocalWebhookServer();
    const connect = vi.spyOn(http, "request");
    const lookup = lookupOf({ "hooks.test": [{ address: "127.0.0.1", family: 4 }] });
    const result = await postWebhook({ url: `http://hooks.test:${receiver.port}/in`, headers, body }, { allowPrivate: true, lookup });

    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null, responseBody: "ok" });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith("hooks.test");
    expect(connect).toHaveBeenCalledTimes(1);
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]?.headers.host).toBe(`hooks.test:${receiver.port}`);
    expect(receiver.requests[0]?.path).toBe("/in");
  });

  it("sends the URL's name as the TLS server name (SNI) while connecting to the resolved address", async () => {
    const serverNames: string[] = [];
    // Records the client's SNI, then fails the handshake: no certificate is needed to prove it.
    const tlsServer = tls.createServer({ SNICallback: (name, done) => (serverNames.push(name), done(new Error("no certificate"), undefined)) });
    tlsServer.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const { port } = tlsServer.address() as AddressInfo;
    const lookup = lookupOf({ "hooks.test": [{ address: "127.0.0.1", family: 4 }] });
    const result = await postWebhook({ url: `https://hooks.test:${port}/`, headers, body }, { allowPrivate: true, lookup });
    await new Promise<void>((resolve) => tlsServer.close(() => resolve()));

    expect(serverNames).toEqual(["hooks.test"]);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toEqual(expect.any(String));
  });

  it("reports a name that does not resolve as a failed attempt", async () => {
    const result = await postWebhook({ url: "https://nowhere.example/", headers, body }, { ...strict, lookup: lookupOf({}) });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "host not found" });
  });

  it("bounds a name lookup that never answers by the same deadline", async () => {
    const lookup = vi.fn(() => new Promise<ResolvedAddress[]>(() => {}));
    const result = await postWebhook({ url: "https://slow-dns.example/", headers, body }, { ...strict, lookup, timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "timed out after 0.2 s" });
  });
});
