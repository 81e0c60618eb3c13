import pino from "pino";

/**
 * The one logger: JSON lines on stdout. Lines about a request carry its request id, the
 * property and the key id, never a key value; the redact list is a second line of defence.
 */
/**
 * pino's isoTime ("time":"2026-11-23T19:30:12.345Z"), with the part up to the second made once
 * a second: a Date per line showed in the benchmark's profiles.
 */
let second = Number.NaN;
let upToTheSecond = "";
export function isoTime(now = Date.now()): string {
  const thisSecond = Math.floor(now / 1000);
  if (thisSecond !== second) {
    second = thisSecond;
    upToTheSecond = `,"time":"${new Date(thisSecond * 1000).toISOString().slice(0, 20)}`;
  }
  const millis = now - thisSecond * 1000;
  return `${upToTheSecond}${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z"`;
}

const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "room-booking" },
    redact: {
      paths: ["apiKey", "key", "password", "token", "*.apiKey", "*.key", "*.password", "*.token", 'headers["x-api-key"]', "headers.cookie"],
      censor: "[redacted]",
    },
    timestamp: isoTime,
  },
  // Asynchronous writes: one write call per batch of lines instead of one per line, which
  // the benchmark showed costing about 7 % of the server's CPU. Lines are gathered up to 4 KiB
  // per write (a write per line cost about 0.1 ms of CPU per request) and flushed at least
  // every 250 ms, so a line is never late by more than that. pino flushes on exit.
  destination,
);

setInterval(() => {
  try {
    destination.flush();
  } catch {
    // not open yet, or closed at exit: the next tick or the exit flush writes it
  }
}, 250).unref();

export type Logger = typeof log;
