import { getDb } from "@/lib/db";
import { checkHealth } from "@/lib/health";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

/** 200 { status: "ok", database: "ok" }; 503 when the database does not answer. */
export async function GET() {
  let report;
  try {
    report = await checkHealth(getDb());
  } catch (error) {
    log.error({ err: error }, "health check failed");
    report = { status: "degraded", database: "unreachable" } as const;
  }
  if (report.database !== "ok") log.warn({ report }, "health: database unreachable");
  return Response.json(report, {
    status: report.database === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
