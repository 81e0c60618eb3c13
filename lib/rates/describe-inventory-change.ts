import { formatMoney, type Money } from "@/lib/money/currency";
import { quotedText } from "@/lib/text/quoted-text";
import { describeWeekdays, isIsoWeekday } from "./weekdays";

/**
 * What a room type or rates change did, in words, from its audit row's details:
 * "Double Room: price €150.00, closed, nights 2026-12-04 to 2026-12-06 (Fri, Sat)" (with the stay
 * restrictions set: "min stay 3", "no max stay", "closed to arrival").
 */
export function describeInventoryChange(action: string, details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  const name = typeof d.roomTypeName === "string" ? d.roomTypeName : String(d.roomTypeId ?? "?");
  if (action === "room_type_created") {
    // Rows from before issue 37 have no occupancy fields: the room type took adults only then.
    const occupancy = d.maxChildren === undefined ? "" : `, ${d.maxChildren} children at most, ${d.maxOccupancy} guests at most, rate for ${d.adultsIncluded} adults, extra adult ${money(d.extraAdult)}`;
    return `created ${name}: ${d.maxAdults} adults at most${occupancy}, ${d.rooms} rooms, base price ${money(d.basePrice)}`;
  }
  if (action === "room_type_updated") {
    const changed = (d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
    // In the form's order (a jsonb column keeps its keys in an order of its own).
    const fields = [...Object.keys(FIELD_NAMES), ...Object.keys(changed).filter((field) => !(field in FIELD_NAMES))].filter((field) => field in changed);
    const changes = fields.map((field) => `${FIELD_NAMES[field] ?? field} ${value(field, changed[field]!.from)} → ${value(field, changed[field]!.to)}`);
    return `changed ${name}: ${changes.join("; ") || "nothing"}`;
  }
  if (action === "rates_set") {
    const c = (d.changes ?? {}) as { price?: Money; rooms?: number; closed?: boolean; minStay?: number; maxStay?: number | null; closedToArrival?: boolean; closedToDeparture?: boolean };
    const what = [
      c.price ? `price ${money(c.price)}` : "",
      c.rooms !== undefined ? `rooms for sale ${c.rooms}` : "",
      c.closed === true ? "closed" : c.closed === false ? "opened" : "",
      c.minStay !== undefined ? `min stay ${c.minStay}` : "",
      c.maxStay === null ? "no max stay" : c.maxStay !== undefined ? `max stay ${c.maxStay}` : "",
      c.closedToArrival === true ? "closed to arrival" : c.closedToArrival === false ? "open to arrival" : "",
      c.closedToDeparture === true ? "closed to departure" : c.closedToDeparture === false ? "open to departure" : "",
    ].filter(Boolean);
    const weekdays = Array.isArray(d.weekdays) && d.weekdays.every(isIsoWeekday) ? ` (${describeWeekdays(d.weekdays)} only)` : "";
    const kept = Array.isArray(d.keptAboveSoldNights) && d.keptAboveSoldNights.length ? `; kept at rooms sold on ${d.keptAboveSoldNights.join(", ")}` : "";
    return `set ${what.join(", ")} for ${name}, ${d.from} to ${d.to}${weekdays}, ${d.nights} night(s)${kept}`;
  }
  return action;
}

const FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  maxAdults: "max adults",
  maxChildren: "max children",
  maxOccupancy: "max occupancy",
  adultsIncluded: "adults included",
  extraAdult: "extra adult price",
  rooms: "rooms",
  basePrice: "base price",
};

function money(raw: unknown): string {
  const m = raw as Money | undefined;
  return m && typeof m.amount === "number" && typeof m.currency === "string" ? formatMoney(m) : "?";
}

function value(field: string, raw: unknown): string {
  return field === "basePrice" || field === "extraAdult" ? money(raw) : quotedText(raw);
}
