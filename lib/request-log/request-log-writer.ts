import type { RequestLogEntry } from "./request-log-entry";
import type { RequestLogStore } from "./request-log-store";

/** How often the gathered entries are written, and how many per statement. */
const FLUSH_EVERY_MS = 250;
const BATCH_SIZE = 1_000;
/** What is kept in memory while the store is slow or down; beyond it, entries are dropped. */
const MAX_PENDING = 20_000;
/** A property's entries are capped after this many more of its own were written by this process. */
const CAP_EVERY = 500;

export type RequestLogWriterOptions = {
  /** Entries that could not be written (the store failed, or too many waited): counted, never thrown. */
  onDropped: (count: number, error?: unknown) => void;
  flushEveryMs?: number;
};

/**
 * Writes the request log off the request's path: `record` only appends to an array (the request
 * never waits for the store, and a failing store never fails it); every 250 ms the entries
 * gathered are written as one statement per 1,000. One flush runs at a time, so a slow store
 * holds at most one connection; while it is slow or down entries wait in memory (at most 20,000)
 * and then are dropped, counted by `onDropped`. Each property is kept to its newest 10,000 as it
 * writes (the hourly prune keeps the 7 days).
 */
export class RequestLogWriter {
  private pending: RequestLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  private readonly sinceCapped = new Map<string, number>();
  private readonly flushEveryMs: number;

  constructor(
    private readonly store: RequestLogStore,
    private readonly options: RequestLogWriterOptions,
  ) {
    this.flushEveryMs = options.flushEveryMs ?? FLUSH_EVERY_MS;
  }

  record(entry: RequestLogEntry): void {
    if (this.pending.length >= MAX_PENDING) {
      this.options.onDropped(1);
      return;
    }
    this.pending.push(entry);
    if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
      this.timer.unref?.();
    }
  }

  /** Writes everything recorded so far (tests and shutdown wait for it); never throws. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const entries = this.pending;
    this.pending = [];
    this.flushing = this.write(entries);
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async write(entries: RequestLogEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += BATCH_SIZE) {
      const batch = entries.slice(start, start + BATCH_SIZE);
      try {
        await this.store.append(batch);
      } catch (error) {
        this.options.onDropped(batch.length, error);
        continue;
      }
      await this.capWhereDue(batch);
    }
  }

  private async capWhereDue(batch: RequestLogEntry[]): Promise<void> {
    for (const entry of batch) this.sinceCapped.set(entry.propertyId, (this.sinceCapped.get(entry.propertyId) ?? 0) + 1);
    for (const [propertyId, written] of this.sinceCapped) {
      if (written < CAP_EVERY) continue;
      this.sinceCapped.delete(propertyId);
      // A failed cap is tried again after the next CAP_EVERY entries; the hourly prune also caps.
      await this.store.capProperty(propertyId).catch((error: unknown) => this.options.onDropped(0, error));
    }
  }
}
