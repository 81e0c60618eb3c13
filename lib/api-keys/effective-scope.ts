import type { ApiKeyScope, Plan } from "@/lib/generated/prisma/enums";
import { PLAN_RULES } from "@/lib/properties/plans";

/** What a key can do now: the plan caps it (a write key on a Free property reads only). */
export function effectiveScope(key: { scope: ApiKeyScope; property: { plan: Plan } }): ApiKeyScope {
  return key.scope === "write" && PLAN_RULES[key.property.plan].canWrite ? "write" : "read";
}
