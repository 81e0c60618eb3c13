import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDb, type Db } from "@/lib/db";

let db: Db | undefined;

/** The e2e server's own throw-away database (scripts/e2e/serve.ts), for setting up staff and data. */
export function e2eDb(): Db {
  if (!db) {
    const { url } = JSON.parse(readFileSync(join(process.cwd(), ".data", "e2e", "database.json"), "utf8")) as { url: string };
    db = createDb(url, { maxConnections: 2 });
  }
  return db;
}
