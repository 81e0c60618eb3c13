import { NextRequest } from "next/server";
import { expect, inject } from "vitest";
import { proxy } from "@/proxy";
import { openApiProblems } from "./openapi-validator";
import { partnerRoutes } from "./partner-routes";

/**
 * Calls the partner API's route handlers in-process, as Next.js would: same Request in, same
 * Response out, real database and limiter. The routes are read from app/partner/v1
 * (partner-routes.ts).
 */
const ROUTES = partnerRoutes();

export type ApiCall = {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
};

export type ApiResponse = { status: number; headers: Headers; body: any; text: string };

/** Points the app's environment at this file's database (call before the first request). */
export function useDatabaseForRoutes(url: string): void {
  process.env.DATABASE_URL = url;
  process.env.RATE_LIMIT_PREFIX = `rb-test:${inject("runId")}:${Math.random().toString(36).slice(2)}`;
}

/** Routes a Request to the app's partner API handler, as Next.js would: proxy.ts first, then the route. */
export async function routeRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.includes("%")) {
    const answered = await proxy(new NextRequest(request));
    if (!answered.headers.has("x-middleware-next")) return answered;
  }
  const path = url.pathname.replace(/^\/partner\/v1/, "");
  const route = ROUTES.find((r) => r.pattern.test(path));
  if (!route) throw new Error(`no route for ${url.pathname}`);
  const match = route.pattern.exec(path)!;
  const params = Object.fromEntries(route.params.map(({ name, rest }, i) => [name, rest ? match[i + 1]!.split("/") : decodeURIComponent(match[i + 1]!)]));
  const routeModule = await route.load();
  const handler = routeModule[request.method];
  if (!handler) throw new Error(`${url.pathname} has no ${request.method} handler (Next.js would answer it itself)`);
  return handler(request, { params: Promise.resolve(params) });
}

/** A fetch that reaches the partner API in-process (for clients of the API under test). */
export const inProcessFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  if (!request.headers.has("x-forwarded-for")) request.headers.set("x-forwarded-for", "203.0.113.7");
  return routeRequest(request);
};

export async function api(method: string, pathAndQuery: string, call: ApiCall = {}): Promise<ApiResponse> {
  const url = new URL(`http://127.0.0.1/partner/v1${pathAndQuery}`);
  const headers = new Headers({ "x-forwarded-for": "203.0.113.7", ...(call.headers ?? {}) });
  if (call.key) headers.set("x-api-key", call.key);
  let body: string | undefined = call.rawBody;
  if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response = await routeRequest(new Request(url, { method, headers, body }));
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const path = url.pathname.replace(/^\/partner\/v1/, "");
  expect(openApiProblems(method, path, response.status, json, response.headers), "response matches the OpenAPI document").toEqual([]);
  return { status: response.status, headers: response.headers, body: json, text };
}
