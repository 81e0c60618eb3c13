import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { bareHostname, checkWebhookUrl } from "./webhook-url";
import { isForbiddenAddress } from "./forbidden-addresses";

/**
 * One delivery attempt of a signed webhook: a POST over node:http(s), nothing else.
 * The host name is resolved once and every address checked; the socket then connects to
 * the checked address (a `lookup` that answers with it), so a DNS answer that changes
 * between check and connect (rebinding) cannot reach a private address. Host header and TLS
 * server name stay those of the URL. Redirects are not followed (a 3xx is a failure), the
 * whole attempt has one deadline, at most maxResponseBytes of the answer are read, and
 * network trouble becomes a result, never an exception. Nothing is logged: headers carry
 * signatures.
 */

export type WebhookAttemptResult = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null; responseBody: string };
export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };
export type ResolvedAddress = { address: string; family: 4 | 6 };
export type PostWebhookOptions = {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export const WEBHOOK_USER_AGENT = "RoomBooking-Webhooks/1.0";
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024;

type Outcome = { statusCode: number | null; error: string | null; responseBody: string };

export async function postWebhook(request: WebhookRequest, options: PostWebhookOptions): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const result = ({ statusCode, error, responseBody }: Outcome): WebhookAttemptResult => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
    responseBody,
  });
  const failure = (error: string) => result({ statusCode: null, error, responseBody: "" });

  const checked = checkWebhookUrl(request.url, { allowPrivate: options.allowPrivate });
  if (!checked.ok) return failure(`refused: ${checked.message}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const host = bareHostname(checked.url);
    const addresses = await untilAborted(resolveHost(host, options.lookup ?? lookupAll), deadline.signal);
    const target = addresses[0];
    if (!target) return failure(`${host} resolves to no address`);
    if (!options.allowPrivate && addresses.some(({ address }) => isForbiddenAddress(address))) {
      return failure(`refused: ${host} resolves to a forbidden address`);
    }
    const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return result(await send(checked.url, target, request, maxResponseBytes, deadline.signal));
  } catch (error) {
    return failure(deadline.signal.aborted ? `timed out after ${timeoutMs / 1000} s` : describeNetworkError(error));
  } finally {
    clearTimeout(timer);
  }
}

async function lookupAll(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

async function resolveHost(host: string, lookup: (hostname: string) => Promise<ResolvedAddress[]>): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family === 4 || family === 6) return [{ address: host, family }];
  return lookup(host);
}

/** A socket lookup that answers with the address already checked, whatever it is asked. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function send(url: URL, target: ResolvedAddress, request: WebhookRequest, maxResponseBytes: number, signal: AbortSignal): Promise<Outcome> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, {
      method: "POST",
      headers: {
        ...request.headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(request.body)),
        "user-agent": WEBHOOK_USER_AGENT,
      },
      lookup: pinnedLookup(target),
      agent: false,
      signal,
    });
    outgoing.on("error", reject);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const finish = () => {
        const responseBody = Buffer.concat(chunks).subarray(0, maxResponseBytes).toString("utf8");
        const statusCode = response.statusCode ?? null;
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        resolve({ statusCode, error: ok ? null : `HTTP ${statusCode}`, responseBody });
        outgoing.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= maxResponseBytes) finish();
      });
      response.on("end", finish);
      response.on("error", reject);
      response.on("close", () => {
        if (!response.complete) reject(new Error("connection closed before the answer ended"));
      });
    });
    outgoing.end(request.body);
  });
}

/** The promise's value, or a rejection as soon as the signal aborts (the promise itself runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed (temporary)",
  ETIMEDOUT: "connection timed out",
};

function describeNetworkError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const known = typeof code === "string" ? NETWORK_ERRORS[code] : undefined;
  if (known) return known;
  const text = [typeof code === "string" ? code : "", typeof message === "string" ? message : ""].filter(Boolean).join(" ");
  return (text || "network error").slice(0, 200);
}
