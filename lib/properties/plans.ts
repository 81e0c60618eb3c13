import type { Plan } from "@/lib/generated/prisma/enums";
import type { RateLimitPolicy } from "@/lib/rate-limit/types";

export type { Plan };
export const PLANS = ["free", "starter", "pro"] as const satisfies readonly Plan[];

/** What each plan allows (seed and API.md): requests per minute per property, and writes. */
export const PLAN_RULES: Record<Plan, { label: string; requestsPerMinute: number; canWrite: boolean; summary: string }> = {
  free: { label: "Free", requestsPerMinute: 120, canWrite: false, summary: "read only" },
  starter: { label: "Starter", requestsPerMinute: 1_200, canWrite: true, summary: "read and create bookings" },
  pro: { label: "Pro", requestsPerMinute: 12_000, canWrite: true, summary: "read and create bookings" },
};

const PLAN_POLICIES = Object.fromEntries(
  Object.entries(PLAN_RULES).map(([plan, rules]) => [plan, { name: plan, limit: rules.requestsPerMinute, windowSeconds: 60 }]),
) as Record<Plan, RateLimitPolicy>;

/** A plan's rate limit, per property and shared by all its keys and instances: its requests per minute. */
export function planPolicy(plan: Plan): RateLimitPolicy {
  return PLAN_POLICIES[plan];
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** "Starter: read and create bookings, 1,200 requests per minute". */
export function describePlan(plan: Plan): string {
  const rules = PLAN_RULES[plan];
  return `${rules.label}: ${rules.summary}, ${rules.requestsPerMinute.toLocaleString("en-US")} requests per minute`;
}
