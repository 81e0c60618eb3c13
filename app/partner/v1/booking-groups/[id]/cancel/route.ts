import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBookingGroup } from "@/lib/bookings/cancel-booking-group";
import { parseJsonBody, parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { CancelBookingGroupSchema } from "@/lib/schemas/booking-groups";
import { BookingGroupIdSchema, NoQuerySchema } from "@/lib/schemas/common";

export const POST = withPartnerApi({ scope: "write", route: "POST /booking-groups/{id}/cancel" }, async ({ request, db, property, params, key }) => {
  const groupId = parsePathId(params.id, BookingGroupIdSchema, "booking group");
  parseQuery(request, NoQuerySchema);
  const { reason } = await parseJsonBody(request, CancelBookingGroupSchema, { optional: true });
  return { body: unlessRefused(await cancelBookingGroup(db, { property, groupId, reason, actor: apiKeyActor(key) })).group };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/booking-groups/{id}/cancel", ["POST"]);
