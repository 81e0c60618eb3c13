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

/** The database could not be reached or refused the connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|P1001|P1002|P1017|Can't reach database|Connection terminated|DatabaseNotReachable|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|57P01|57P03/i.test(
    describe(error),
  );
}
