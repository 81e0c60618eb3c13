/** Liveness: the process answers (no database). Also the benchmark's baseline: the framework's own cost. */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
