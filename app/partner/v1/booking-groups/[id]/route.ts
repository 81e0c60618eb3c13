import { getBookingGroup } from "@/lib/bookings/find-booking-groups";
import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { BookingGroupIdSchema, NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /booking-groups/{id}" }, async ({ request, db, property, params }) => {
  const groupId = parsePathId(params.id, BookingGroupIdSchema, "booking group");
  parseQuery(request, NoQuerySchema);
  return { body: await getBookingGroup(db, property.id, groupId) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/booking-groups/{id}", ["GET"]);
