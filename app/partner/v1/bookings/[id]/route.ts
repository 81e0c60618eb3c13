import { getBooking } from "@/lib/bookings/find-bookings";
import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /bookings/{id}" }, async ({ request, db, property, params }) => {
  parseQuery(request, NoQuerySchema);
  return { body: await getBooking(db, property.id, params.id!) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/bookings/{id}", ["GET"]);
