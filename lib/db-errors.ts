/**
 * Recognising database errors that the domain answers on purpose. Prisma reports them
 * differently for model calls (P2002 with meta) and raw queries over the pg adapter (the
 * PostgreSQL SQLSTATE inside the message or cause), so look in all of those places.
 */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; meta?: unknown; cause?: unknown };
    parts.push(String(e.code ?? ""), String(e.message ?? ""), JSON.stringify(e.meta ?? {}));
    current = e.cause;
  }
  return parts.join(" ");
}

/** A unique constraint refused the write; `target` narrows it to a constraint or column name. */
export function isUniqueViolation(error: unknown, target?: string): boolean {
  const text = describe(error);
  const unique = /P2002|23505|Unique constraint|UniqueConstraintViolation/.test(text);
  return unique && (target === undefined || text.includes(target));
}

/** A lock was not granted within lock_timeout (SQLSTATE 55P03). */
export function isLockTimeout(error: unknown): boolean {
  return /55P03|lock timeout/i.test(describe(error));
}

/**
 * Connection-level failures: the database cannot be reached, refused or dropped the
 * connection, is starting up or shutting down, or has no connection to spare. Each is an
 * outage (503 with Retry-After), never a bug (500). SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (shut down), 53300 (too many connections); node-postgres's and Prisma's own
 * messages for a lost or closed connection; socket errors.
 */
const UNAVAILABLE = [
  /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EPIPE|EHOSTUNREACH|ENETUNREACH)\b/,
  /\b(P1001|P1002|P1008|P1017|P2024)\b/,
  /\b(08000|08001|08003|08004|08006|08P01|57P01|57P02|57P03|53300)\b/,
  /DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections/,
  /Can't reach database|Connection terminated|Connection ended|connection error and is not queryable|Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect|Timed out fetching a new connection|server closed the connection unexpectedly|terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)|sorry, too many clients/i,
];

/** The database could not be reached, or the connection was lost (see UNAVAILABLE). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const text = describe(error);
  return UNAVAILABLE.some((pattern) => pattern.test(text));
}
