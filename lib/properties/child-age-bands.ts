import { MAX_PRICE_MINOR } from "@/lib/money/currency";
import { childAgeBandErrors, type ChildAgeBand } from "@/lib/rate-plans/party-price";
import type { z } from "zod";
import type { ChildAgeBandSchema } from "@/lib/schemas/party";
import { freeTextProblem } from "@/lib/text/free-text";

/** A band as partners see it (GET /me) and the audit log records it: its amount as money. */
export type ChildAgeBandView = z.infer<typeof ChildAgeBandSchema>;

export const MAX_BAND_NAME_LENGTH = 30;

/** The bands sorted by their first age (a new array). */
export function inAgeOrder<Band extends { fromAge: number }>(bands: readonly Band[]): Band[] {
  return [...bands].sort((a, b) => a.fromAge - b.fromAge);
}

/** A property's stored bands (the child_age_bands column) as the domain's: each band's four fields, in age order. */
export function readChildAgeBands(stored: unknown): ChildAgeBand[] {
  const bands = Array.isArray(stored) ? (stored as ChildAgeBand[]) : [];
  return inAgeOrder(bands.map(({ name, fromAge, toAge, amount }) => ({ name, fromAge, toAge, amount })));
}

export function childAgeBandViews(bands: readonly ChildAgeBand[], currency: string): ChildAgeBandView[] {
  return bands.map((band) => ({ name: band.name, fromAge: band.fromAge, toAge: band.toAge, amount: { amount: band.amount, currency } }));
}

/**
 * What is wrong with bands a hotel sets: the hotel's rules for bands (childAgeBandErrors: 1 to 3,
 * covering ages 0–17 in order without gap or overlap, names distinct, amounts ≥ 0), and what a
 * name and an amount may be where guests and partners read them: a name of at most 30 characters
 * of free text, an amount at most the largest price. The bands are judged in age order, as they
 * are stored (so they may be given in any order).
 */
export function childAgeBandsProblems(bands: readonly ChildAgeBand[]): string[] {
  const problems = childAgeBandErrors(inAgeOrder(bands));
  for (const band of bands) {
    const name = band.name.trim();
    if (name.length > MAX_BAND_NAME_LENGTH) problems.push(`${name.slice(0, MAX_BAND_NAME_LENGTH)}…: a band's name must be at most ${MAX_BAND_NAME_LENGTH} characters.`);
    const textProblem = freeTextProblem(name);
    if (textProblem) problems.push(`A band's name: ${textProblem}`);
    if (band.amount > MAX_PRICE_MINOR) problems.push(`${name}: the amount must be at most ${MAX_PRICE_MINOR.toLocaleString("en-US")} minor units.`);
  }
  return [...new Set(problems)];
}
