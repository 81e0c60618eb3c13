import type { Clock } from "@/lib/clock";
import type { ActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { childAgeBandViews } from "@/lib/properties/child-age-bands";
import { planPolicy } from "@/lib/properties/plans";
import { propertyToday } from "@/lib/properties/property-today";
import type { Me } from "@/lib/schemas/me";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { effectiveScope } from "./effective-scope";

/** GET /me: the property (with today's date there, what guests see of it and its children's age bands), the key and what it can do now, the plan. */
export function meView(key: ActiveApiKey, clock?: Clock): Me {
  const { property } = key;
  const policy = planPolicy(property.plan);
  return {
    mode: propertyMode(property),
    property: {
      id: property.id,
      name: property.name,
      timezone: property.timezone,
      currency: property.currency,
      today: propertyToday(property, clock),
      guestEmails: property.guestEmailsEnabled,
      contact: { email: property.contactEmail, phone: property.contactPhone },
      checkInFrom: property.checkInFrom,
      checkOutUntil: property.checkOutUntil,
      childAgeBands: childAgeBandViews(property.childAgeBands, property.currency),
    },
    apiKey: { id: key.id, hint: key.hint, scope: effectiveScope(key), createdAt: key.createdAt.toISOString() },
    plan: { name: property.plan, rateLimit: { limit: policy.limit, windowSeconds: policy.windowSeconds } },
  };
}
