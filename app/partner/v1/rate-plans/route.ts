import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { listRatePlans } from "@/lib/rate-plans/list-rate-plans";
import { NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /rate-plans" }, async ({ request, db, property }) => {
  parseQuery(request, NoQuerySchema);
  return { body: { data: await listRatePlans(db, property.id) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/rate-plans", ["GET"]);
