import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import IORedis, { ReplyError } from "ioredis";

/**
 * A stand-in for Upstash's REST API in front of a real Redis (Upstash is not reachable from
 * here, and its own emulator needs Docker), speaking what @upstash/redis 1.39 sends:
 *
 * - POST /          body ["CMD", arg, ...]            → { "result": ... }
 * - POST /pipeline  body [["CMD", ...], ...]          → [{ "result": ... } | { "error": "..." }, ...]
 *   (the client auto-pipelines by default, so nearly every command arrives here)
 * - `Authorization: Bearer <token>` required, else 401 { "error": "Unauthorized" }
 * - `Upstash-Encoding: base64`: every string in a result base64-encoded (nested arrays too),
 *   integers and null as they are
 * - a Redis error reply (NOSCRIPT, WRONGTYPE, ...) → 400 { "error": "<Redis's message>" };
 *   Redis unreachable → 500 { "error": "..." }
 */
export type UpstashRestStandin = {
  url: string;
  token: string;
  /** Authorized requests served, by path (to see the client's auto-pipelining at work). */
  requests: { single: number; pipeline: number };
  close: () => Promise<void>;
};

type RedisValue = string | number | null | RedisValue[];

export async function startUpstashRestStandin(options: { redisUrl: string; token?: string }): Promise<UpstashRestStandin> {
  const token = options.token ?? "standin-token";
  const requests = { single: 0, pipeline: 0 };
  const redis = new IORedis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: (times) => Math.min(times * 100, 1_000) });
  redis.on("error", () => {}); // surfaces as command errors
  await redis.connect().catch(() => {}); // a dead Redis is a scenario, not a setup failure

  async function run(command: unknown): Promise<{ result: RedisValue } | { error: string; status: number }> {
    if (!Array.isArray(command) || command.length === 0 || typeof command[0] !== "string") {
      return { error: "ERR command must be a non-empty JSON array starting with the command name", status: 400 };
    }
    const [name, ...args] = command as [string, ...unknown[]];
    try {
      const result = (await redis.call(name, ...args.map(toArg))) as RedisValue;
      return { result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: message, status: error instanceof ReplyError ? 400 : 500 };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { error: "Unauthorized" });
    if (request.method !== "POST") return send(response, 405, { error: "Method not allowed" });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return send(response, 400, { error: "ERR failed to parse the request body as JSON" });
    }
    const base64 = String(request.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const encode = (value: RedisValue) => (base64 ? toBase64(value) : value);
    const path = new URL(request.url ?? "/", "http://standin").pathname;
    if (path === "/") {
      requests.single += 1;
      const outcome = await run(body);
      if ("error" in outcome) return send(response, outcome.status, { error: outcome.error });
      return send(response, 200, { result: encode(outcome.result) });
    }
    if (path === "/pipeline") {
      if (!Array.isArray(body)) return send(response, 400, { error: "ERR a pipeline is a JSON array of commands" });
      requests.pipeline += 1;
      // Sent on one connection in order: Redis runs them in order (not atomically, as Upstash).
      const outcomes = await Promise.all(body.map(run));
      return send(
        response,
        200,
        outcomes.map((outcome) => ("error" in outcome ? { error: outcome.error } : { result: encode(outcome.result) })),
      );
    }
    return send(response, 404, { error: `Not found: ${path}` });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((listening, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
      redis.disconnect();
    },
  };
}

/** JSON arguments as Redis strings (the client sends numbers as JSON numbers). */
function toArg(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function toBase64(value: RedisValue): RedisValue {
  if (typeof value === "string") return Buffer.from(value, "utf8").toString("base64");
  if (Array.isArray(value)) return value.map(toBase64);
  return value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    request.on("error", fail);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}
