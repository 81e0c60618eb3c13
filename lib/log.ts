import pino from "pino";

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

const SECRET_FIELDS = ["apiKey", "key", "password", "token", "secret"];
const CONTAINERS = ["body", "input", "query", "headers", "options", "config"];

/**
 * What is never written, as a second line of defence: a secret's usual field names at the top
 * of a line and inside the objects lines carry (a request's body, input, query, headers and the
 * like), and the headers that hold credentials. Named paths only: a leading wildcard ("*.key")
 * made pino run its redactor on every field of every line, strings and numbers included, which
 * cost about 3 µs per line (the request line of every partner request).
 */
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...CONTAINERS.flatMap((container) => SECRET_FIELDS.map((field) => `${container}.${field}`)),
  'headers["x-api-key"]',
  "headers.cookie",
  "headers.authorization",
];

/** The app's logger options on a destination (the app's is stdout; tests pass a stream of their own). */
export function createLogger(destination: pino.DestinationStream, level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info")) {
  return pino({ level, base: { service: "room-booking" }, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, timestamp: isoTime }, destination);
}

// Asynchronous writes: one write call per batch of lines instead of one per line, which
// the benchmark showed costing about 7 % of the server's CPU. Lines are gathered up to 4 KiB
// per write (a write per line cost about 0.1 ms of CPU per request) and flushed at least
// every 250 ms, so a line is never late by more than that. pino flushes on exit.
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });

/**
 * The one logger: JSON lines on stdout. Lines about a request carry its request id, the
 * property and the key id, never a key value; the redact list is a second line of defence.
 */
export const log = createLogger(destination);

setInterval(() => {
  try {
    destination.flush();
  } catch {
    // not open yet, or closed at exit: the next tick or the exit flush writes it
  }
}, 250).unref();

export type Logger = typeof log;
