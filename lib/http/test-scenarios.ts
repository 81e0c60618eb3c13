import { refusalError } from "@/lib/bookings/booking-refusals";
import { getBooking } from "@/lib/bookings/find-bookings";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { validationFailed } from "@/lib/errors";
import { planPolicy } from "@/lib/properties/plans";
import { propertyToday } from "@/lib/properties/property-today";
import { propertyMode } from "@/lib/test-mode/property-mode";
import type { AuthenticatedKey } from "./partner-auth";
import { rateLimited } from "./partner-auth";
import { ApiProblem, INTERNAL_ERROR_DETAIL, serviceUnavailable } from "./problem";
import { setRateLimitHeaders } from "./rate-limit-headers";

/**
 * Test mode's scenarios: with a test key, the header Test-Scenario makes a request answer as the
 * API does when that failure really happens (status, problem body with its members, headers),
 * through the same builders as the real failures; nothing is read but what the answer shows and
 * nothing is stored. Invariants:
 * - a live key with the header is 400 invalid_request, so a scenario can never reach production
 *   unnoticed;
 * - an unknown scenario, or one the operation cannot answer, is 400 validation_failed on the header;
 * - a scenario plays after the key, the rate limit, the plan and the scope are checked (a Free
 *   property's test key still gets 403 on a write), before the operation does anything.
 */
export const TEST_SCENARIO_HEADER = "test-scenario";

/** Every operation may answer these (the pipeline's own failures). */
const ANY_OPERATION = ["rate_limited", "service_unavailable", "internal_error"] as const;

/** The operations' own failures a scenario can play, by route. */
const BY_ROUTE: Record<string, readonly Scenario[]> = {
  "POST /bookings": ["no_availability", "stay_restricted", "idempotency_key_in_use"],
  "POST /booking-groups": ["no_availability", "stay_restricted", "idempotency_key_in_use"],
  "PATCH /bookings/{id}": ["no_availability", "stay_restricted", "price_changed", "idempotency_key_in_use"],
};

export const SCENARIOS = ["no_availability", "stay_restricted", "price_changed", "idempotency_key_in_use", ...ANY_OPERATION] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The operations that play a scenario, for the docs: "every operation", or their routes. */
export function operationsPlaying(scenario: Scenario): string[] | "every operation" {
  if ((ANY_OPERATION as readonly string[]).includes(scenario)) return "every operation";
  return Object.entries(BY_ROUTE)
    .filter(([, scenarios]) => scenarios.includes(scenario))
    .map(([route]) => route);
}

/** The headers a scenario's answer carries beside X-Request-Id, as the real failure's do. */
export const SCENARIO_HEADERS: Record<Scenario, string> = {
  no_availability: "—",
  stay_restricted: "—",
  price_changed: "—",
  idempotency_key_in_use: "Retry-After: 1",
  rate_limited: "Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-* (remaining 0)",
  service_unavailable: "Retry-After: 5",
  internal_error: "—",
};

/** The scenarios an operation (its route, "POST /bookings") can play. */
export function scenariosOf(route: string): Scenario[] {
  return [...(BY_ROUTE[route] ?? []), ...ANY_OPERATION];
}

type ScenarioContext = { request: Request; db: Db; key: AuthenticatedKey; route: string; params: Record<string, string>; headers: Record<string, string> };

/** Plays the scenario the header asks for: always throws the answer (the pipeline turns it into the response). */
export async function playScenario(value: string, context: ScenarioContext): Promise<never> {
  const { key, route, headers } = context;
  if (propertyMode(key.property) !== "test") {
    throw new ApiProblem("invalid_request", "Test-Scenario needs a test key (rbp_test_…): with a live key every answer is real.");
  }
  const scenario = value.trim() as Scenario;
  const playable = scenariosOf(route);
  if (!playable.includes(scenario)) {
    const what = SCENARIOS.includes(scenario) ? `${route} cannot answer ${scenario}` : `"${value.slice(0, 50)}" is not a scenario`;
    throw validationFailed([{ field: "Test-Scenario", message: `${what}; this operation plays: ${playable.join(", ")}.` }]);
  }
  const today = propertyToday(key.property);
  // A booking group's refusal names a room, as a real one does: the first.
  const room = route === "POST /booking-groups" ? { room: 0 } : {};
  switch (scenario) {
    case "rate_limited": {
      const retryAfterSeconds = 30;
      const policy = planPolicy(key.property.plan);
      setRateLimitHeaders(headers, policy, { allowed: false, limit: policy.limit, remaining: 0, resetSeconds: retryAfterSeconds, retryAfterSeconds });
      throw rateLimited(key.property.plan, retryAfterSeconds);
    }
    case "service_unavailable":
      throw serviceUnavailable();
    case "internal_error":
      throw new ApiProblem("internal_error", INTERNAL_ERROR_DETAIL);
    case "idempotency_key_in_use":
      throw refusalError({ kind: "idempotency_key_in_use" });
    case "no_availability":
      throw refusalError({ kind: "no_availability", name: "The room type", night: (await stayCheckin(context.request)) ?? today, reason: "no room is left (Test-Scenario)", ...room });
    case "stay_restricted":
      throw refusalError({ kind: "stay_restricted", restriction: { rule: "min_stay", date: (await stayCheckin(context.request)) ?? today, value: 3 }, ...room });
    case "price_changed": {
      // The booking as it stands, priced as a real refusal shows the new price (404 as really, for an unknown id).
      const booking = await getBooking(context.db, key.propertyId, context.params.id ?? "");
      throw refusalError({ kind: "price_changed", booking });
    }
  }
}

/** The check-in date of the request's body, when it has one (the date a real refusal would name). */
async function stayCheckin(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { checkin?: unknown };
    return typeof body.checkin === "string" && isCalendarDate(body.checkin) ? body.checkin : null;
  } catch {
    return null;
  }
}
