import { meView } from "@/lib/api-keys/me-view";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/** Ceiling of GET /partner/v1/me (see ../ceiling.ts): the key lookup, the plan limit and its answer. */
export async function GET(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  return Response.json(meView(key));
}
