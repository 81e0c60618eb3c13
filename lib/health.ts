import type { Db } from "@/lib/db";

export type HealthReport = { status: "ok" | "degraded"; database: "ok" | "unreachable" };

/** Whether the database answers within `timeoutMs`. */
export async function checkHealth(db: Db, timeoutMs = 2_000): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database health check timed out")), timeoutMs);
  });
  try {
    await Promise.race([db.$queryRaw`select 1`, timeout]);
    return { status: "ok", database: "ok" };
  } catch {
    return { status: "degraded", database: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
