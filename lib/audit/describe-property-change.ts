import { formatMoney, type Money } from "@/lib/money/currency";
import { quotedText } from "@/lib/text/quoted-text";

/**
 * What a Settings › Property change did, in words, from its audit row's details:
 * "changed name “Harbour View Hotel” → “Harbour View Inn”; contact phone none → “+351 21 123 4567”"
 * (the children's age bands: "changed children's age bands Child 0–17 €0.00 → Baby 0–2 €0.00, Child 3–17 €15.00").
 */
export function describePropertyChange(details: unknown): string {
  const changes = ((details ?? {}) as { changes?: Record<string, { from: unknown; to: unknown }> }).changes ?? {};
  // In the form's order (a jsonb column keeps its keys in an order of its own).
  const fields = [...Object.keys(FIELD_NAMES), ...Object.keys(changes).filter((field) => !(field in FIELD_NAMES))].filter((field) => field in changes);
  const lines = fields.map((field) => `${FIELD_NAMES[field] ?? field} ${value(field, changes[field]!.from)} → ${value(field, changes[field]!.to)}`);
  return `changed ${lines.join("; ") || "nothing"}`;
}

const FIELD_NAMES: Record<string, string> = {
  name: "name",
  contactEmail: "contact e-mail",
  contactPhone: "contact phone",
  checkInFrom: "check-in from",
  checkOutUntil: "check-out until",
  childAgeBands: "children's age bands",
  guestRetentionMonths: "guest retention period",
};

/** Times as they are (15:00), age bands as describeChildAgeBands says them, text in quotes (shortened past 60 characters), an unset contact as "none". */
function value(field: string, raw: unknown): string {
  if (field === "guestRetentionMonths") return typeof raw === "number" ? `${raw} months` : "off";
  if (raw === null || raw === undefined || raw === "") return "none";
  if (field === "childAgeBands" && Array.isArray(raw)) return describeChildAgeBands(raw);
  if (field === "checkInFrom" || field === "checkOutUntil") return String(raw);
  return quotedText(raw);
}

/** Children's age bands in words, as the audit log and GET /me hold them: "Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00". */
export function describeChildAgeBands(bands: readonly { name: string; fromAge: number; toAge: number; amount: Money }[]): string {
  return bands.map((band) => `${band.name} ${band.fromAge}–${band.toAge} ${formatMoney(band.amount)}`).join(", ");
}
