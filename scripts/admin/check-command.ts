import { checkInvariants, type InvariantCheck, type InvariantViolation } from "@/lib/integrity/check-invariants";
import { defineCommand } from "./command";
import { EXIT_FAILED } from "./output";

export const check = defineCommand({
  name: "check",
  args: "[SLUG]",
  summary:
    "Verify the stored invariants of every property (or of SLUG) in one read-only snapshot and list each violation; exit 1 when there is any. " +
    "Kinds: rooms_sold_mismatch (a night's rooms_sold is not the count of confirmed bookings covering it), " +
    "nightly_total_mismatch (a booking's nightly prices do not add up to its total), " +
    "night_missing (a night of a booking's stay has no room_nights row), " +
    "nightly_prices_mismatch (a booking's nightly prices are not one entry per night of its stay), " +
    "group_incomplete (a booking group does not have its rooms, at least two, numbered 0, 1, ...).",
  positionals: ["[SLUG]"],
  parse: (args) => ({ slug: args.slug(0, { optional: true }) }),
  async run({ db }, { slug }) {
    const result = await checkInvariants(db, { propertySlug: slug });
    return {
      json: { ok: result.ok, checked: result.checked, violations: result.violations },
      text: describeCheck(result, slug),
      exitCode: result.ok ? undefined : EXIT_FAILED,
    };
  },
});

function describeCheck(result: InvariantCheck, slug: string | undefined): string {
  const { properties, testTwins, nights, bookings } = result.checked;
  // As `property list` counts them: live properties, and their test twins apart.
  const twins = testTwins ? ` and ${testTwins} ${plural(testTwins, "test twin", "test twins")}` : "";
  const scope = slug === undefined ? `${properties} ${plural(properties, "property", "properties")}${twins}` : `property ${slug}`;
  const header = `Checked ${scope}: ${nights} ${plural(nights, "night", "nights")} and ${bookings} ${plural(bookings, "booking", "bookings")}, in one read-only snapshot.`;
  if (result.ok) return [header, "No violations: every stored invariant holds."].join("\n");
  const byKind = new Map<string, number>();
  for (const violation of result.violations) byKind.set(violation.kind, (byKind.get(violation.kind) ?? 0) + 1);
  const count = result.violations.length;
  const kinds = [...byKind].map(([kind, n]) => `${n} ${kind}`).join(", ");
  const summary = `${count} ${plural(count, "violation", "violations")} found (${kinds}).`;
  return [header, ...result.violations.map(describeViolation), summary].join("\n");
}

/** One line per violation: its kind, where it is, and what was expected against what is stored. */
export function describeViolation(violation: InvariantViolation): string {
  switch (violation.kind) {
    case "rooms_sold_mismatch":
      return `${violation.kind}: room type ${violation.roomTypeId} (${violation.propertyId}), night ${violation.date}: rooms_sold is ${violation.actual}, confirmed bookings covering it: ${violation.expected}`;
    case "nightly_total_mismatch":
      return `${violation.kind}: booking ${violation.bookingId} (${violation.propertyId}): total_amount is ${violation.actual}, its nightly prices add up to ${violation.expected}`;
    case "night_missing":
      return `${violation.kind}: booking ${violation.bookingId} (${violation.propertyId}): night ${violation.date} of room type ${violation.roomTypeId} has no room_nights row`;
    case "nightly_prices_mismatch": {
      const listed = violation.actual === null ? "nightly_prices is not an array" : `nightly_prices lists [${violation.actual.map((date) => date ?? "(no date)").join(", ")}]`;
      return `${violation.kind}: booking ${violation.bookingId} (${violation.propertyId}): ${listed}, the stay's nights are [${violation.expected.join(", ")}]`;
    }
    case "group_incomplete":
      return `${violation.kind}: booking group ${violation.groupId} (${violation.propertyId}): its rooms are numbered [${violation.actual.join(", ")}], a group has at least two, numbered from 0`;
  }
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
