import { EnvError, getEnv } from "@/lib/env";

/**
 * A missing or malformed environment variable stops start-up with a message naming it
 * (lib/env.ts), instead of failing on the first request.
 */
export function checkEnvironmentAtStartup(): void {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`Room Booking cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
