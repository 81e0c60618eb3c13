import { getDb } from "@/lib/db";
import { readRatesJson } from "@/lib/rates/read-rates";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/** Ceiling of GET /partner/v1/rates (see ../ceiling.ts): key, plan limit, the calendar's statements and its answer (readRatesJson, with its copies of nights), on a query taken as it comes. */
export async function GET(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const search = new URL(request.url).searchParams;
  const json = await readRatesJson(getDb(), key.property, { from: search.get("from") ?? "", to: search.get("to") ?? "" });
  return new Response(json, { headers: { "Content-Type": "application/json" } });
}
