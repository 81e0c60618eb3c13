import { getBooking } from "@/lib/bookings/find-bookings";
import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { BookingIdSchema, NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /bookings/{id}" }, async ({ request, db, property, params }) => {
  const id = parsePathId(params.id, BookingIdSchema, "booking");
  parseQuery(request, NoQuerySchema);
  return { body: await getBooking(db, property.id, id) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/bookings/{id}", ["GET"]);
