import { appMetrics } from "@/lib/metrics/app-metrics";
import type { Db } from "@/lib/db";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import { DomainError, type FieldError } from "@/lib/errors";
import { log, type Logger } from "@/lib/log";
import { touchLastUsed } from "@/lib/api-keys/touch-last-used";
import { getRateLimiter, getRateLimiterWithLocalFallback } from "@/lib/rate-limit/get-rate-limiter";
import { planPolicy } from "@/lib/properties/plans";
import { authenticate, authorize, enforcePlanLimit, type AuthenticatedKey, type Scope } from "./partner-auth";
import type { ProblemCode } from "@/lib/schemas/problem";
import { ApiProblem, INTERNAL_ERROR_DETAIL, problemResponse, serviceUnavailable, type ProblemMembers } from "./problem";
import { requestIdFor } from "./request-id";
import { playScenario, TEST_SCENARIO_HEADER } from "./test-scenarios";
import { requestLogOf } from "@/lib/request-log/request-log-of";
import { describeRequestSpan, withRequestSpan } from "@/lib/tracing/request-span";
import type { Span } from "@opentelemetry/api";
import { validIdempotencyKey } from "./idempotency-key-header";

export type PartnerContext = {
  request: Request;
  requestId: string;
  db: Db;
  key: AuthenticatedKey;
  property: AuthenticatedKey["property"];
  params: Record<string, string>;
  log: Logger;
};

/** What a handler answers: a body to serialize, or (a large answer built as text, GET /rates) its JSON text. */
export type PartnerResult = { status?: number; headers?: Record<string, string> } & ({ body: unknown } | { json: string });
export type PartnerHandler = (context: PartnerContext) => Promise<PartnerResult>;
type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

const DOMAIN_CODES: Record<DomainError["code"], ProblemCode> = {
  not_found: "not_found",
  invalid_argument: "invalid_request",
  validation_failed: "validation_failed",
  conflict: "invalid_request",
  plan_upgrade_required: "plan_upgrade_required",
  insufficient_scope: "insufficient_scope",
  unknown_room_type: "unknown_room_type",
  occupancy_exceeded: "occupancy_exceeded",
  no_availability: "no_availability",
  stay_restricted: "stay_restricted",
  unknown_rate_plan: "unknown_rate_plan",
  booking_not_cancellable: "booking_not_cancellable",
  booking_not_changeable: "booking_not_changeable",
  booking_not_anonymisable: "booking_not_anonymisable",
  price_changed: "price_changed",
  idempotency_key_reused: "idempotency_key_reused",
  idempotency_key_in_use: "idempotency_key_in_use",
  cursor_expired: "cursor_expired",
};

/** Every thrown error as the problem the partner sees: domain errors by code, the rest as 500 or 503. */
function toProblem(error: unknown, requestLog: Logger): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof DomainError) {
    const code = DOMAIN_CODES[error.code];
    const errors = error.details.errors as FieldError[] | undefined;
    const headers = code === "idempotency_key_in_use" ? { "Retry-After": "1" } : undefined;
    const members = error.details.problem as ProblemMembers | undefined;
    return new ApiProblem(code, error.message, { errors, headers, members });
  }
  if (isDatabaseUnavailable(error)) {
    requestLog.error({ err: error }, "database unavailable");
    return serviceUnavailable();
  }
  requestLog.error({ err: error }, "unhandled error");
  return new ApiProblem("internal_error", INTERNAL_ERROR_DETAIL);
}

/** A handler's context; a class, so that the lazy `log` getter is its prototype's, not made per request. */
class Context implements PartnerContext {
  readonly property: AuthenticatedKey["property"];

  constructor(
    readonly request: Request,
    readonly requestId: string,
    readonly db: Db,
    readonly key: AuthenticatedKey,
    readonly params: Record<string, string>,
    private readonly requestLog: () => Logger,
  ) {
    this.property = key.property;
  }

  get log(): Logger {
    return this.requestLog();
  }
}

const NO_PATH_PARAMS: Record<string, string> = Object.freeze({});

/** Next's path parameters as strings (a catch-all's segments joined by "/"). */
function pathParams(params: Record<string, string | string[] | undefined> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name in params) {
    const value = params[name];
    result[name] = Array.isArray(value) ? value.join("/") : (value ?? "");
  }
  return result;
}

/** What a request's log entry names: the id in its path, else what it created (its Location's last segment). */
function resourceIdOf(params: Record<string, string>, location: string | undefined): string | null {
  if (params.id) return params.id;
  return location ? location.slice(location.lastIndexOf("/") + 1) : null;
}

function warnKeyUseNotRecorded(error: unknown, keyId: string): void {
  log.warn({ err: error, keyId }, "could not record key use");
}

/**
 * The one pipeline of every partner route, in the order of ../shared/API.md: request id →
 * key present → key valid → rate limit → plan → key scope → the handler (path, body,
 * validation, work). Errors become problem+json; the request id, and the rate-limit headers
 * once the key is known, are on every response; one JSON log line per request, and its
 * duration and the limiter's decision in the metrics (lib/metrics), its entry in the request log
 * (lib/request-log), and, with tracing on, its span (lib/tracing).
 *
 * It runs on every request, so it allocates little (the benchmark counts microseconds here):
 * one headers object turned into the response's once, a child logger only when a line other
 * than the request's own is written, Next's path parameters awaited only by routes that have
 * one ("/bookings/{id}").
 */
export function withPartnerApi(options: { scope: Scope; route: string }, handler: PartnerHandler) {
  const { scope, route } = options;
  const takesPathParams = route.includes("{");
  const pathTemplate = route.slice(route.indexOf(" ") + 1);
  let requestLogOn: boolean | undefined;
  const metrics = appMetrics();
  return function partnerRoute(request: Request, routeContext?: RouteContext): Promise<Response> {
    return withRequestSpan(route, (span) => handle(request, routeContext, span));
  };

  async function handle(request: Request, routeContext: RouteContext | undefined, span: Span | undefined): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFor(request);
    // A plain object, turned into the response's Headers once (each Headers.set validates).
    const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    let key: AuthenticatedKey | undefined;
    let db: Db | undefined;
    let params = NO_PATH_PARAMS;
    let code: ProblemCode | null = null;
    let child: Logger | undefined;
    // What every line about this request carries; a child logger is made only if one is needed.
    const requestLog = () => (child ??= log.child({ requestId, propertyId: key?.propertyId, keyId: key?.id }));
    let response: Response;
    try {
      db = getDb();
      // Key guessing must not fail open (an in-process limit while Redis is down); plan limits do.
      key = await authenticate(request, db, getRateLimiterWithLocalFallback());
      const decision = await getRateLimiter().check(key.propertyId, planPolicy(key.property.plan));
      metrics.limiterDecisions.inc({ limit: "plan", outcome: decision.degraded ? "failed_open" : decision.allowed ? "allowed" : "refused" });
      enforcePlanLimit(key, decision, headers);
      touchLastUsed(db, key.id, warnKeyUseNotRecorded);
      authorize(key, scope);
      params = takesPathParams ? pathParams(await routeContext?.params) : NO_PATH_PARAMS;
      // Test mode's scenarios (lib/http/test-scenarios.ts): a live request reads one header, no more.
      const scenario = request.headers.get(TEST_SCENARIO_HEADER);
      if (scenario !== null) await playScenario(scenario, { request, db, key, route, params, headers });
      const result = await handler(new Context(request, requestId, db, key, params, requestLog));
      if (result.headers) Object.assign(headers, result.headers);
      if (result.status === 204) {
        response = new Response(null, { status: 204, headers });
      } else {
        headers["Content-Type"] = "application/json";
        response = new Response("json" in result ? result.json : JSON.stringify(result.body), { status: result.status ?? 200, headers });
      }
    } catch (error) {
      const problem = toProblem(error, requestLog());
      code = problem.code;
      response = problemResponse(problem, requestId, headers);
    }
    const durationMs = performance.now() - started;
    metrics.requestDuration.observe({ http_route: pathTemplate, http_request_method: request.method, http_response_status_code: response.status }, durationMs / 1000);
    log.info(
      { requestId, propertyId: key?.propertyId, keyId: key?.id, method: request.method, route, status: response.status, durationMs: Math.round(durationMs * 10) / 10 },
      "partner api request",
    );
    // The request log (lib/request-log): recorded in memory, written in batches off this path.
    requestLogOn ??= getEnv().REQUEST_LOG === "on";
    if (key && db && requestLogOn) {
      requestLogOf(db).record({
        propertyId: key.propertyId,
        apiKeyId: key.id,
        at: Date.now() - durationMs,
        method: request.method,
        route: pathTemplate,
        resourceId: resourceIdOf(params, headers.Location),
        status: response.status,
        code,
        requestId,
        durationMs,
        idempotencyKey: validIdempotencyKey(request.headers.get("idempotency-key")),
        replayed: headers["Idempotent-Replayed"] === "true",
      });
    }
    if (span) describeRequestSpan(span, { status: response.status, requestId, propertyId: key?.propertyId, apiKeyId: key?.id, problemCode: code });
    return response;
  }
}

/** Handlers for the methods a route does not serve: problem+json 405 with Allow, after the usual checks. */
export function methodNotAllowed(route: string, allowed: string[]) {
  // HEAD is answered by Next.js from GET where GET exists.
  const handler = withPartnerApi({ scope: "read", route }, async () => {
    throw new ApiProblem("method_not_allowed", `${route} supports ${allowed.join(", ")}.`, { headers: { Allow: allowed.join(", ") } });
  });
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}
