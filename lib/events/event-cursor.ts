import { NOT_A_CURSOR, validationFailed } from "@/lib/errors";

/**
 * A position in a property's event feed: after the event with (txid, sequence), handed out at
 * `issuedAt` (ms). Opaque to partners (base64url of JSON). The start of the feed is (0, 0).
 */
export type EventPosition = { txid: string; sequence: string };
export type EventCursor = EventPosition & { issuedAt: number };

export const FEED_START: EventPosition = { txid: "0", sequence: "0" };

export function encodeEventCursor(position: EventPosition, issuedAt: number): string {
  return Buffer.from(JSON.stringify([position.txid, position.sequence, issuedAt])).toString("base64url");
}

/** The cursor's position and age; a value this API did not hand out is 400 validation_failed on `after`. */
export function decodeEventCursor(value: string): EventCursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(decoded) && decoded.length === 3) {
      const [txid, sequence, issuedAt] = decoded as unknown[];
      const counter = (v: unknown): v is string => typeof v === "string" && /^[0-9]{1,19}$/.test(v);
      if (counter(txid) && counter(sequence) && Number.isSafeInteger(issuedAt)) return { txid, sequence, issuedAt: issuedAt as number };
    }
  } catch {
    // fall through
  }
  throw validationFailed([{ field: "after", message: NOT_A_CURSOR }]);
}
