import type { Db } from "@/lib/db";

/**
 * Every row of every table of the database (the job queue's too), as JSON text cut to 200
 * characters and named by its table, that holds one of `markers` in any capitals: where a guest's
 * data is still kept. `mustScan` names tables the scan has to find, so a renamed table cannot
 * make it pass by looking nowhere.
 */
export async function rowsHolding(db: Db, markers: string[], mustScan: string[] = []): Promise<string[]> {
  const tables = await db.$queryRaw<{ schema: string; name: string }[]>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
  const names = new Set(tables.map((table) => table.name));
  const missing = mustScan.filter((name) => !names.has(name));
  if (missing.length) throw new Error(`rowsHolding: no table ${missing.join(", ")} to scan`);
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await db.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t`);
    for (const { row } of rows) if (markers.some((marker) => row.toLowerCase().includes(marker.toLowerCase()))) found.push(`${schema}.${name}: ${row.slice(0, 200)}`);
  }
  return found;
}
