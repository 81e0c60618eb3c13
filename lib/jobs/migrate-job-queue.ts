import { Logger, runMigrations } from "graphile-worker";

const quiet = new Logger(() => () => {});

/** Creates or updates the job queue's tables (schema graphile_worker); part of `npm run db:migrate`. */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  await runMigrations({ connectionString: databaseUrl, logger: quiet });
}
