import { describe, expect, it } from "vitest";
import { createTestDatabase, disposeTestDatabase } from "../../support/database";
import { startTestWorker } from "../../support/test-worker";

/** The queue's tables are created by npm run db:migrate, never by a starting worker. */
describe("starting the worker", () => {
  it("refuses, naming db:migrate, on a database that was not migrated, and creates nothing", async () => {
    const empty = await createTestDatabase({ template: false });
    try {
      await expect(startTestWorker(empty)).rejects.toThrow("the job queue's tables are missing: run npm run db:migrate");
      const [schema] = await empty.db.$queryRaw<[{ found: boolean }]>`SELECT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'graphile_worker') AS found`;
      expect(schema.found).toBe(false);
    } finally {
      await disposeTestDatabase(empty);
    }
  });
});
