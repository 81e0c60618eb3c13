import { searchAvailability } from "@/lib/availability/search-availability";
import type { Db } from "@/lib/db";
import type { PropertyClockFacts } from "@/lib/properties/property-today";
import { isDomainError, type FieldError } from "@/lib/errors";
import { AvailabilityQuerySchema, type AvailabilityView } from "@/lib/schemas/availability";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { asSentence } from "@/lib/text/as-sentence";

/** New booking's search step: no search yet, a search to correct (messages by field), or the offers. */
export type DeskSearch =
  | { kind: "none" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "offers"; availability: AvailabilityView };

export type DeskSearchQuery = { checkin: string; checkout: string; adults: string };

const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [e.field, asSentence(e.message)]));

/**
 * The room types that can take the stay, with their prices: exactly the partner API's
 * availability (the same schema for the query, the same searchAvailability, its stay rules on
 * the property's today), for the form's check-in, check-out and adults.
 */
export async function searchDeskOffers(db: Db, property: PropertyClockFacts & { id: string; currency: string }, query: DeskSearchQuery): Promise<DeskSearch> {
  if (!query.checkin && !query.checkout && !query.adults) return { kind: "none" };
  const parsed = AvailabilityQuerySchema.safeParse(query);
  if (!parsed.success) return { kind: "invalid", fieldErrors: byField(fieldErrors(parsed.error, "parameter")) };
  try {
    return { kind: "offers", availability: await searchAvailability(db, property, parsed.data) };
  } catch (error) {
    if (!isDomainError(error, "validation_failed")) throw error;
    return { kind: "invalid", fieldErrors: byField((error.details.errors ?? []) as FieldError[]) };
  }
}
