import { keyLineage } from "@/lib/api-keys/key-lineage";
import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { listRequests } from "@/lib/request-log/list-requests";
import { RequestLogQuerySchema } from "@/lib/schemas/request-log";

/** The requests of this key and of the keys it replaced (never another partner's). */
export const GET = withPartnerApi({ scope: "read", route: "GET /requests" }, async ({ request, db, property, key }) => {
  const query = parseQuery(request, RequestLogQuerySchema);
  return { body: await listRequests(db, { propertyId: property.id, apiKeyIds: await keyLineage(db, key.id) }, query) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/requests", ["GET"]);
