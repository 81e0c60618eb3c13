import pg from "pg";

/**
 * Test and e2e runs create and drop databases of their own. They may do so only on a server on this machine: a
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

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  assertLocalDatabase(adminUrl);
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
      return withDatabaseName(adminUrl, name);
    } catch (error) {
      // Two workers copying one template at the same moment: PostgreSQL asks the second to wait.
      if (attempt < 20 && /being accessed by other users/.test(String(error))) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        continue;
      }
      throw error;
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertLocalDatabase(adminUrl);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
