import { newId } from "@/lib/ids";

/**
 * The Standard plan every property has (createProperty makes it; the migration gave existing
 * properties theirs): v1's terms, the night's rate and free cancellation until the check-in date
 * has passed, sold for every room type. It cannot be changed or deactivated (a CHECK holds it so).
 */
export function standardRatePlan() {
  return {
    id: newId("rp"),
    name: "Standard",
    description: "Free cancellation until the day of arrival.",
    standard: true,
    cancellationType: "free_until",
    freeDaysBefore: 0,
    cancellationFee: "first_night",
  } as const;
}
