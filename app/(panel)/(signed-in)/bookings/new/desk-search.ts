import { searchAvailability } from "@/lib/availability/search-availability";
import type { Db } from "@/lib/db";
import type { PropertyClockFacts } from "@/lib/properties/property-today";
import { isDomainError, type FieldError } from "@/lib/errors";
import { childrenAgesOf, partyFormField, type PartyQuery } from "@/lib/guest-site/party-query";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { AvailabilityQuerySchema, type AvailabilityView } from "@/lib/schemas/availability";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { asSentence } from "@/lib/text/as-sentence";

/** New booking's search step: no search yet, a search to correct (messages by field), or the offers. */
export type DeskSearch =
  | { kind: "none" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "offers"; availability: AvailabilityView };

/** The stay as typed: dates, adults, how many children and each age (the guest widget's search form). */
export type DeskSearchQuery = { checkin: string; checkout: string } & PartyQuery;

const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [partyFormField(e.field), asSentence(e.message)]));

/**
 * The room types that can take the stay and the party, with their prices: exactly the partner
 * API's availability (the same schema for the query, the same searchAvailability, its stay
 * rules on the property's today), for the form's check-in, check-out, adults and children's
 * ages; a child whose age is not chosen yet is asked for first.
 */
export async function searchDeskOffers(db: Db, property: PropertyClockFacts & { id: string; currency: string }, query: DeskSearchQuery, words: GuestWords): Promise<DeskSearch> {
  if (!query.checkin && !query.checkout && !query.adults) return { kind: "none" };
  const children = childrenAgesOf(query, words);
  if ("fieldErrors" in children) return { kind: "invalid", fieldErrors: children.fieldErrors };
  const { checkin, checkout, adults } = query;
  const parsed = AvailabilityQuerySchema.safeParse({ checkin, checkout, adults, ...(children.childrenAges.length ? { childrenAges: children.childrenAges.join(",") } : {}) });
  if (!parsed.success) return { kind: "invalid", fieldErrors: byField(fieldErrors(parsed.error, "parameter")) };
  try {
    return { kind: "offers", availability: await searchAvailability(db, property, parsed.data) };
  } catch (error) {
    if (!isDomainError(error, "validation_failed")) throw error;
    return { kind: "invalid", fieldErrors: byField((error.details.errors ?? []) as FieldError[]) };
  }
}
