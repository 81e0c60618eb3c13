import { log, type Logger } from "@/lib/log";

export const DEFAULT_FAILURE_THRESHOLD = 3;
export const DEFAULT_PROBE_INTERVAL_MS = 2_000;

/** The timer functions the breaker uses (fakes in unit tests). A handle with unref() is unref'd. */
export type BreakerTimers = {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

const realTimers: BreakerTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export type CircuitBreakerState = "closed" | "open";

export interface CircuitBreaker {
  readonly state: CircuitBreakerState;
  /** True while open: callers skip the backend at once. */
  isOpen(): boolean;
  /** The backend answered: the consecutive-failure count starts again from 0. */
  recordSuccess(): void;
  /** A timeout or connection error; the `failureThreshold`-th in a row opens the breaker. */
  recordFailure(error?: unknown): void;
  /** Stops the probe for good (shutdown); the breaker stays closed from then on. */
  close(): void;
}

/**
 * A circuit breaker in front of a backend that requests must never wait for (the rate
 * limiter's Redis). Closed: every call goes to the backend, and `failureThreshold` consecutive
 * failures (timeouts, connection errors) open it. Open: callers skip the backend at once, and
 * a background probe (never a request) runs every `probeIntervalMs`; its first answer closes
 * the breaker. At most one probe is in flight; `probe` must bound its own wait. The probe's
 * timer is unref'd (it never keeps the process alive) and stopped by close(). One log line
 * when it opens (warn) and one when it closes (info).
 */
export function createCircuitBreaker(options: {
  /** Resolves when the backend answers (e.g. a PING with a timeout). */
  probe: () => Promise<unknown>;
  /** For the log lines, e.g. "rate limiter (redis)". */
  name: string;
  failureThreshold?: number;
  probeIntervalMs?: number;
  logger?: Pick<Logger, "warn" | "info">;
  /** Extra fields on the log lines. */
  fields?: Record<string, unknown>;
  timers?: BreakerTimers;
  now?: () => number;
}): CircuitBreaker {
  const failureThreshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
  const probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  const logger = options.logger ?? log;
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const fields = options.fields ?? {};

  let state: CircuitBreakerState = "closed";
  let consecutiveFailures = 0;
  let openedAt = 0;
  let probeTimer: unknown;
  let probing = false;
  let stopped = false;
  /** Counts openings, so that a probe started during one opening cannot close a later one. */
  let opening = 0;

  function stopProbe(): void {
    if (probeTimer !== undefined) timers.clearInterval(probeTimer);
    probeTimer = undefined;
  }

  function open(error: unknown): void {
    state = "open";
    openedAt = now();
    opening += 1;
    logger.warn(
      { ...fields, consecutiveFailures, probeIntervalMs, ...(error === undefined ? {} : { err: error }) },
      `${options.name}: circuit breaker open after ${consecutiveFailures} consecutive failures; skipping it until a probe (every ${probeIntervalMs} ms) is answered`,
    );
    probeTimer = timers.setInterval(probeOnce, probeIntervalMs);
    (probeTimer as { unref?: () => void } | undefined)?.unref?.();
  }

  function closeBreaker(): void {
    stopProbe();
    state = "closed";
    consecutiveFailures = 0;
    logger.info({ ...fields, openForMs: now() - openedAt }, `${options.name}: circuit breaker closed: the probe was answered`);
  }

  function probeOnce(): void {
    if (probing || state !== "open" || stopped) return;
    probing = true;
    const probedOpening = opening;
    let answer: Promise<unknown>;
    try {
      answer = options.probe();
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      () => {
        probing = false;
        if (!stopped && state === "open" && opening === probedOpening) closeBreaker();
      },
      () => {
        probing = false;
      },
    );
  }

  return {
    get state() {
      return state;
    },
    isOpen: () => state === "open",
    recordSuccess() {
      // While open, only the probe closes the breaker (a late answer to a request sent before it opened does not).
      consecutiveFailures = 0;
    },
    recordFailure(error) {
      if (state === "open" || stopped) return;
      consecutiveFailures += 1;
      if (consecutiveFailures >= failureThreshold) open(error);
    },
    close() {
      stopped = true;
      stopProbe();
      state = "closed";
      consecutiveFailures = 0;
    },
  };
}
