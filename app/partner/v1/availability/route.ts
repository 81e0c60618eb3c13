import { searchAvailability } from "@/lib/availability/search-availability";
import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { AvailabilityQuerySchema } from "@/lib/schemas/availability";

export const GET = withPartnerApi({ scope: "read", route: "GET /availability" }, async ({ request, db, property }) => ({
  body: await searchAvailability(db, property, parseQuery(request, AvailabilityQuerySchema)),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/availability", ["GET"]);
