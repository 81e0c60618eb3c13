import { ratePlanPrice, type StoredPriceRule } from "./rate-plan-price";

/**
 * What a party pays and whether it fits (issue 37): the hotel's rules for families, stated once
 * for TypeScript. Its invariants:
 *
 * - A party is its adults (1 to 20) and each child's age (0 to 17); a guest of 18 or more is an
 *   adult.
 * - A party fits a room type when adults ≤ maxAdults, children ≤ maxChildren and adults +
 *   children ≤ maxOccupancy, checked in that order: the first limit broken is the one named.
 * - A night's price for a party is the night's rate, plus extraAdult for each adult above
 *   adultsIncluded, plus each child's band amount; the rate plan's rule (ratePlanPrice) then
 *   applies to that total. The extras are the same every night of a stay.
 * - The extras list what the party adds, adults first then each band with children, in age
 *   order: `{ kind, band (children), count, amount }`, the amount a night for each.
 *
 * The database states the same rules for bookings (lib/bookings/sql/check_stay.sql and
 * party_extras.sql, night_prices.sql); availability prices its offers here, and
 * test/integration/party-prices.test.ts holds both equal to a reference over many parties.
 */

/** Who stays in one room. */
export type Party = { adults: number; childrenAges: number[] };

/** A band of children's ages (inclusive) and what each child in it adds a night, in minor units. */
export type ChildAgeBand = { name: string; fromAge: number; toAge: number; amount: number };

/** A property's bands until it sets its own: every child free. */
export const DEFAULT_CHILD_AGE_BANDS: ChildAgeBand[] = [{ name: "Child", fromAge: 0, toAge: 17, amount: 0 }];

export const MAX_CHILD_AGE = 17;
export const MAX_CHILDREN = 10;
export const MAX_GUESTS = 20;

/** Adults and children together are at most MAX_GUESTS (the schemas check each on its own): the error, on childrenAges, when they are more. */
export function partySizeErrors(party: Party): { field: string; message: string }[] {
  return party.adults + party.childrenAges.length > MAX_GUESTS ? [{ field: "childrenAges", message: `Adults and children together must be at most ${MAX_GUESTS}.` }] : [];
}

/** What a room type takes, and what its rate covers. */
export type RoomOccupancy = { maxAdults: number; maxChildren: number; maxOccupancy: number; adultsIncluded: number; extraAdult: number };

export type OccupancyLimit = { name: "maxAdults" | "maxChildren" | "maxOccupancy"; value: number };

/** The first limit of the room type the party breaks, or null when it fits. */
export function occupancyLimitBroken(room: RoomOccupancy, party: Party): OccupancyLimit | null {
  const children = party.childrenAges.length;
  if (party.adults > room.maxAdults) return { name: "maxAdults", value: room.maxAdults };
  if (children > room.maxChildren) return { name: "maxChildren", value: room.maxChildren };
  if (party.adults + children > room.maxOccupancy) return { name: "maxOccupancy", value: room.maxOccupancy };
  return null;
}

/** What the party adds to a night's rate, a night each (minor units). */
export type PartyExtra = { kind: "adult"; count: number; amount: number } | { kind: "child"; band: string; count: number; amount: number };

export function partyExtras(room: Pick<RoomOccupancy, "adultsIncluded" | "extraAdult">, bands: ChildAgeBand[], party: Party): PartyExtra[] {
  const extras: PartyExtra[] = [];
  const extraAdults = party.adults - room.adultsIncluded;
  if (extraAdults > 0) extras.push({ kind: "adult", count: extraAdults, amount: room.extraAdult });
  for (const band of bands) {
    const count = party.childrenAges.filter((age) => age >= band.fromAge && age <= band.toAge).length;
    if (count > 0) extras.push({ kind: "child", band: band.name, count, amount: band.amount });
  }
  return extras;
}

/** What the extras add to each night's rate. */
export function extrasPerNight(extras: readonly { count: number; amount: number }[]): number {
  return extras.reduce((sum, extra) => sum + extra.count * extra.amount, 0);
}

/** A night's price for the party: its rate plus the extras, under the plan's rule. */
export function partyNightPrice(rate: number, extrasAmount: number, rule: StoredPriceRule): number {
  return ratePlanPrice(rate + extrasAmount, rule);
}

/** The band of a child's age, or undefined when the bands do not cover it (they always cover 0–17: childAgeBandErrors). */
export function bandOfAge(bands: ChildAgeBand[], age: number): ChildAgeBand | undefined {
  return bands.find((band) => age >= band.fromAge && age <= band.toAge);
}

/** What is wrong with a property's bands: 1 to 3, names given and distinct, amounts ≥ 0, ages 0–17 covered in order without gap or overlap. */
export function childAgeBandErrors(bands: ChildAgeBand[]): string[] {
  if (bands.length < 1 || bands.length > 3) return ["Give 1 to 3 age bands."];
  const errors: string[] = [];
  let next = 0;
  for (const band of bands) {
    if (!band.name.trim()) errors.push("Each band needs a name.");
    if (!Number.isInteger(band.amount) || band.amount < 0) errors.push(`${band.name || "A band"}: the amount must be a whole number of minor units, at least 0.`);
    if (band.fromAge !== next) errors.push(next === 0 ? "The first band must start at age 0." : `${band.name}: must start at age ${next}, the age after the band before (no gap, no overlap).`);
    if (band.toAge < band.fromAge) errors.push(`${band.name}: its last age must not be below its first.`);
    next = band.toAge + 1;
  }
  if (next !== MAX_CHILD_AGE + 1) errors.push(`The last band must end at age ${MAX_CHILD_AGE}: a guest of 18 or more is an adult.`);
  if (new Set(bands.map((band) => band.name.trim().toLowerCase())).size !== bands.length) errors.push("Each band needs a name of its own.");
  return [...new Set(errors)];
}
