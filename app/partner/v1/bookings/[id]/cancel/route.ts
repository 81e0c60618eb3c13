import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { parseJsonBody, parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { CancelBookingSchema } from "@/lib/schemas/bookings";
import { BookingIdSchema, NoQuerySchema } from "@/lib/schemas/common";

export const POST = withPartnerApi({ scope: "write", route: "POST /bookings/{id}/cancel" }, async ({ request, db, property, params, key }) => {
  const bookingId = parsePathId(params.id, BookingIdSchema, "booking");
  parseQuery(request, NoQuerySchema);
  const { reason } = await parseJsonBody(request, CancelBookingSchema, { optional: true });
  return { body: unlessRefused(await cancelBooking(db, { property, bookingId, reason, actor: apiKeyActor(key) })).booking };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/bookings/{id}/cancel", ["POST"]);
