import { describePropertyChange } from "./describe-property-change";

const WAYS: Record<string, string> = { panel: "in the panel", api: "through the partner API", cli: "with the admin CLI", retention: "as the retention period ran out" };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * A Settings › Privacy history row in words, from its audit row: an erasure ("erased a guest from
 * 2 bookings in the panel"), an export ("exported a guest's data (3 bookings, 1 booking group)
 * with the admin CLI") or a change of the retention period. Never the guest: the row holds none.
 */
export function describePrivacyEvent(action: string, details: unknown): string {
  const facts = (details ?? {}) as { way?: string; bookings?: number; groups?: number; bookerOfGroupIds?: string[] };
  const way = WAYS[facts.way ?? ""] ?? "";
  if (action === "guest_anonymised") {
    const groups = facts.bookerOfGroupIds?.length ?? 0;
    const what = [...(facts.bookings ? [plural(facts.bookings, "booking")] : []), ...(groups ? [`the booker of ${plural(groups, "booking group")}`] : [])].join(" and ");
    return `erased a guest from ${what || "nothing"} ${way}`.trim();
  }
  if (action === "guest_data_exported") return `exported a guest's data (${plural(facts.bookings ?? 0, "booking")}, ${plural(facts.groups ?? 0, "booking group")}) ${way}`.trim();
  return describePropertyChange(details);
}
