/**
 * Runs once when the server starts: a missing or malformed environment variable stops
 * start-up with a message naming it (lib/env.ts), instead of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv, EnvError } = await import("@/lib/env");
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
