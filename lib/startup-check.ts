import { EnvError, getEnv, type Env } from "@/lib/env";

/**
 * A missing or malformed environment variable stops start-up with a message naming it
 * (lib/env.ts), instead of failing on the first request. What is valid but probably not meant
 * (environmentWarnings) is said once.
 */
export function checkEnvironmentAtStartup(): void {
  try {
    for (const warning of environmentWarnings(getEnv())) console.warn(`Room Booking: ${warning}`);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Room Booking cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** What a production server (or worker) should be told once when it starts. */
export function environmentWarnings(env: Env): string[] {
  if (env.NODE_ENV !== "production") return [];
  const warnings: string[] = [];
  if (!env.PUBLIC_BASE_URL) {
    warnings.push(
      `PUBLIC_BASE_URL is not set: links in e-mails, the booking engine's address and the widget's snippet point at http://localhost:${env.PORT}. Set it to the address guests and staff use.`,
    );
  }
  return warnings;
}
