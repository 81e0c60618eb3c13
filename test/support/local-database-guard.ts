/**
 * Tests create and drop databases. They may do so only on a server on this machine: a
 * DATABASE_URL that points anywhere else (a staging or production server) is refused.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]", ""]);

export function assertLocalDatabase(url: string): void {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new Error("DATABASE_URL is not a valid URL");
  }
  if (!LOCAL_HOSTS.has(host) && !host.startsWith("127.")) {
    throw new Error(
      `Refusing to create and drop test databases on "${host}": tests only run against a PostgreSQL on this machine. ` +
        "Unset DATABASE_URL to use an embedded one, or point it at a local server.",
    );
  }
}

/** The same server, another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
