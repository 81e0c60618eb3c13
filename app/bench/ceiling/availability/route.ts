import { availabilitySearch, findAvailableRoomTypes, toAvailabilityView } from "@/lib/availability/search-availability";
import { getDb } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/** Ceiling of GET /partner/v1/availability (see ../ceiling.ts): key, plan limit, the availability statement, its answer. */
export async function GET(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const search = new URL(request.url).searchParams;
  const children = search.get("childrenAges");
  const query = { checkin: search.get("checkin") ?? "", checkout: search.get("checkout") ?? "", adults: Number(search.get("adults") ?? 1), childrenAges: children ? children.split(",").map(Number) : [] };
  const found = await findAvailableRoomTypes(getDb(), availabilitySearch(key.property, query, propertyToday(key.property)));
  return Response.json(toAvailabilityView(query, key.property.currency, found));
}
