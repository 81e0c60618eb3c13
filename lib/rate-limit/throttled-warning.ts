import { log, type Logger } from "@/lib/log";

export type ThrottledWarning = (kind: string, fields: Record<string, unknown>, message: string) => void;

/**
 * log.warn at most once per `intervalMs` per kind: a Redis outage fails every request open,
 * and one line per request would bury the log. The next line counts what was left out.
 */
export function createThrottledWarning(options: { logger?: Pick<Logger, "warn">; intervalMs?: number; now?: () => number } = {}): ThrottledWarning {
  const logger = options.logger ?? log;
  const intervalMs = options.intervalMs ?? 10_000;
  const now = options.now ?? Date.now;
  const state = new Map<string, { loggedAt: number; suppressed: number }>();
  return (kind, fields, message) => {
    const at = now();
    const last = state.get(kind);
    if (last && at - last.loggedAt < intervalMs) {
      last.suppressed += 1;
      return;
    }
    const suppressed = last?.suppressed ?? 0;
    state.set(kind, { loggedAt: at, suppressed: 0 });
    logger.warn({ ...fields, ...(suppressed > 0 ? { suppressedSinceLastWarning: suppressed } : {}) }, message);
  };
}
