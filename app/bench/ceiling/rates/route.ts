import { getDb } from "@/lib/db";
import { readRates } from "@/lib/rates/read-rates";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/** Ceiling of GET /partner/v1/rates (see ../ceiling.ts): key, plan limit, the calendar's statements and its answer (readRates), on a query taken as it comes. */
export async function GET(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const search = new URL(request.url).searchParams;
  return Response.json(await readRates(getDb(), key.property, { from: search.get("from") ?? "", to: search.get("to") ?? "" }));
}
