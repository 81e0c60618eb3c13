/** A changed text as a history line shows it: “in quotes”, shortened past 60 characters; anything else as it is. */
export function quotedText(raw: unknown): string {
  if (typeof raw === "string") return `“${raw.length > 60 ? `${raw.slice(0, 57)}…` : raw}”`;
  return String(raw);
}
