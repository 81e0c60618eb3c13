import { DomainError } from "@/lib/errors";

/** A ratePlanId that names no plan the property offers (unknown, deactivated, or not sold for the room type). */
export function unknownRatePlan(ratePlanId: string, roomTypeName?: string): DomainError {
  return new DomainError(
    "unknown_rate_plan",
    roomTypeName
      ? `Rate plan "${ratePlanId}" is not offered for ${roomTypeName} at this property (unknown, no longer offered, or not sold for that room type).`
      : `No rate plan "${ratePlanId}" is offered at this property.`,
  );
}
