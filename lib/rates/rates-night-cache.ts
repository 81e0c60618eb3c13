import { LRUCache } from "lru-cache";
import type { CalendarDate } from "@/lib/dates/calendar-date";

/**
 * A night as GET /rates shows it, kept as text: the night's rate (plans price from it) and its
 * fields from "availableRooms" to "closedToDeparture", serialized; null for a night with no
 * calendar row (not for sale).
 */
export type CachedNight = { rate: number; fields: string } | null;

/** A property's ARI as of a read: the rounds of ari.changed raised (ari_versions), and whether marks wait for their next round. */
export type AriState = { version: string; pending: boolean };

type PropertyNights = { version: string; roomTypes: Map<string, Map<CalendarDate, CachedNight>>; bytes: number };

/** About what a night costs in memory: its fields' text (two bytes a character) and the entry around it. */
const nightBytes = (night: CachedNight) => 96 + (night ? night.fields.length * 2 : 0);

/**
 * Copies of properties' nights, kept in this process so that a pull of nights nothing has
 * changed since reads no room_nights row and serializes nothing but its plans' prices. The
 * invariants that keep a copy exact:
 *
 * - A copy is tagged with the property's ARI version read before its nights were read. Every
 *   change committed before that version's round is in the copy (the round takes the marks only
 *   once every marking transaction has committed).
 * - A copy is served only when the property's version is still its own and no mark waits for
 *   a round: every write that moves ARI marks it in its own transaction (mark_ari), so a change
 *   committed since the copy was read either still has its mark or has moved the version on.
 *   A pull is therefore never older than the changes committed before it began, on any server:
 *   each process checks the database, none tells the others.
 * - While marks wait, pulls read the database and keep nothing.
 *
 * Only nights are kept: room types, rate plans and the property are read on every pull. The
 * least recently read properties go first when the copies pass MAX_BYTES.
 */
export class RatesNightCache {
  private readonly properties: LRUCache<string, PropertyNights>;

  constructor(maxBytes: number) {
    this.properties = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  /** The kept nights of a room type from `dates`, in order, or null when any is missing or the copy may be stale. */
  nights(propertyId: string, state: AriState, roomTypeId: string, dates: CalendarDate[]): CachedNight[] | null {
    if (state.pending) return null;
    const kept = this.properties.get(propertyId);
    if (kept?.version !== state.version) return null;
    const nights = kept.roomTypes.get(roomTypeId);
    if (!nights) return null;
    const found: CachedNight[] = new Array(dates.length);
    for (let i = 0; i < dates.length; i++) {
      const night = nights.get(dates[i]!);
      if (night === undefined) return null;
      found[i] = night;
    }
    return found;
  }

  /** Keeps nights read after `state` was: dropped when marks waited, or when a newer version was read meanwhile. */
  keep(propertyId: string, state: AriState, roomTypeId: string, dates: CalendarDate[], nights: CachedNight[]): void {
    if (state.pending) return;
    let kept = this.properties.get(propertyId);
    if (kept && kept.version !== state.version) {
      // Versions only grow: an older copy gives way to this one; an older read keeps nothing.
      if (BigInt(kept.version) > BigInt(state.version)) return;
      kept = undefined;
    }
    kept ??= { version: state.version, roomTypes: new Map(), bytes: 0 };
    let byDate = kept.roomTypes.get(roomTypeId);
    if (!byDate) kept.roomTypes.set(roomTypeId, (byDate = new Map()));
    for (let i = 0; i < dates.length; i++) {
      if (!byDate.has(dates[i]!)) kept.bytes += nightBytes(nights[i]!);
      byDate.set(dates[i]!, nights[i]!);
    }
    // Set again so that the cache counts the copy's new size (and evicts others if it must).
    this.properties.set(propertyId, kept);
  }
}

/** 64 MB: 20 properties' 10 room types for two years take about 30. */
const MAX_BYTES = 64 * 1024 * 1024;

let cache: RatesNightCache | undefined;

/** This process's copies of nights (one per server process). */
export function ratesNightCache(): RatesNightCache {
  return (cache ??= new RatesNightCache(MAX_BYTES));
}
