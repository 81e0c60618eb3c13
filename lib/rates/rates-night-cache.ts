import { LRUCache } from "lru-cache";
import { daysBetween, eachDate, type CalendarDate } from "@/lib/dates/calendar-date";

/**
 * A night as GET /rates shows it, kept as text: the night's rate (plans price from it) and its
 * fields from "availableRooms" to "closedToDeparture", serialized; null for a night with no
 * calendar row (not for sale).
 */
export type CachedNight = { rate: number; fields: string } | null;

/** A room type's nights from `first` to `last` that changed: a mark waiting for its round, or what a round announced. */
export type NightRange = { roomTypeId: string; first: CalendarDate; last: CalendarDate };

/** A property's ARI as read at one moment: the rounds of ari.changed raised (ari_versions), and the marks waiting for the next. */
export type AriState = { version: string; marks: NightRange[] };

type PropertyNights = { version: string; roomTypes: Map<string, Map<CalendarDate, CachedNight>>; bytes: number };

/** About what a night costs in memory: its fields' text (two bytes a character) and the entry around it. */
const nightBytes = (night: CachedNight) => 96 + (night ? night.fields.length * 2 : 0);

/**
 * Copies of properties' nights, kept in this process so that a pull of nights nothing has
 * changed since reads no room_nights row. The invariants that keep a copy exact:
 *
 * - A copy is at a version of the property's ARI (ari_versions: one more for each round of
 *   ari.changed). A night is kept only by a pull that read the version, then the night, and
 *   found the copy at that version (or none): it holds every change announced up to it.
 * - A pull that reads a newer version first brings the copy to it: it drops every night the
 *   rounds since announced (ari_rounds; when they are no longer all kept, the whole copy).
 * - A kept night is served only while no mark waits on it: every write that moves ARI marks its
 *   nights in its own transaction (mark_ari), so a change committed since the night was read
 *   either still has its mark or was announced by a round, which drops the night.
 *
 * So a pull is never older than the changes committed before it began, on any server: each
 * process checks the database, none tells the others. Only nights are kept: room types, rate
 * plans and the property are read on every pull. The least recently read properties go first
 * when the copies pass their size.
 */
export class RatesNightCache {
  private readonly properties: LRUCache<string, PropertyNights>;

  constructor(maxBytes: number) {
    this.properties = new LRUCache({ maxSize: maxBytes, sizeCalculation: (copy) => Math.max(1, copy.bytes) });
  }

  /** The version the property's copy is at; null without a copy. */
  versionOf(propertyId: string): string | null {
    return this.properties.get(propertyId)?.version ?? null;
  }

  /**
   * Brings the copy from version `from` to `to`, dropping the nights the rounds in between
   * announced; with rounds null (not all of them kept), drops the copy. Nothing when the copy
   * is no longer at `from` (another pull moved it meanwhile).
   */
  catchUp(propertyId: string, from: string, to: string, rounds: NightRange[] | null): void {
    const copy = this.properties.get(propertyId);
    if (copy?.version !== from) return;
    if (!rounds) return void this.properties.delete(propertyId);
    for (const round of rounds) {
      const nights = copy.roomTypes.get(round.roomTypeId);
      if (!nights) continue;
      for (const date of eachDate(round.first, round.last)) {
        const night = nights.get(date);
        if (night !== undefined && nights.delete(date)) copy.bytes -= nightBytes(night);
      }
    }
    copy.version = to;
    this.properties.set(propertyId, copy);
  }

  /** A room type's nights on `dates`: each kept one, or undefined where it must be read (not kept, a mark waits on it, or the copy is not at the state's version). */
  nights(propertyId: string, state: AriState, roomTypeId: string, dates: CalendarDate[]): (CachedNight | undefined)[] {
    const found = new Array<CachedNight | undefined>(dates.length).fill(undefined);
    const copy = this.properties.get(propertyId);
    const nights = copy?.version === state.version ? copy.roomTypes.get(roomTypeId) : undefined;
    if (!nights) return found;
    for (let i = 0; i < dates.length; i++) found[i] = nights.get(dates[i]!);
    for (const mark of state.marks) {
      if (mark.roomTypeId !== roomTypeId) continue;
      const first = Math.max(0, daysBetween(dates[0]!, mark.first));
      const last = Math.min(dates.length - 1, daysBetween(dates[0]!, mark.last));
      for (let i = first; i <= last; i++) found[i] = undefined;
    }
    return found;
  }

  /** Keeps nights read after `state` was, when the copy is at its version (or there is none yet). */
  keep(propertyId: string, state: AriState, roomTypeId: string, dates: CalendarDate[], nights: CachedNight[]): void {
    let copy = this.properties.get(propertyId);
    if (copy && copy.version !== state.version) return;
    copy ??= { version: state.version, roomTypes: new Map(), bytes: 0 };
    let byDate = copy.roomTypes.get(roomTypeId);
    if (!byDate) copy.roomTypes.set(roomTypeId, (byDate = new Map()));
    for (let i = 0; i < dates.length; i++) {
      const before = byDate.get(dates[i]!);
      copy.bytes += nightBytes(nights[i]!) - (before === undefined ? 0 : nightBytes(before));
      byDate.set(dates[i]!, nights[i]!);
    }
    // Set again so that the cache counts the copy's new size (and evicts others if it must).
    this.properties.set(propertyId, copy);
  }
}

/** 64 MB: the benchmark's 20 properties with 10 room types, a year of nights each, take about 30. */
const MAX_BYTES = 64 * 1024 * 1024;

let cache: RatesNightCache | undefined;

/** This process's copies of nights (one per server process). */
export function ratesNightCache(): RatesNightCache {
  return (cache ??= new RatesNightCache(MAX_BYTES));
}
