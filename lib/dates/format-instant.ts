/**
 * A moment as people read it, at a place: "24 Nov 2026, 11:15" in the property's time zone
 * (staff read times as the hotel's clock shows them, not as UTC timestamps). One formatter
 * per zone and precision, made on first use.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const id = `${timeZone}|${seconds}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
    });
    formats.set(id, format);
  }
  return format;
}

export function formatInstant(at: Date | string, timeZone: string, options: { seconds?: boolean } = {}): string {
  return formatFor(timeZone, options.seconds ?? false).format(typeof at === "string" ? new Date(at) : at);
}
