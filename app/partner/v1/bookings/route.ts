import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { createBooking } from "@/lib/bookings/create-booking";
import { listBookings } from "@/lib/bookings/find-bookings";
import { readIdempotencyKey } from "@/lib/http/idempotency-key-header";
import { parseJsonBody, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { BookingListQuerySchema, CreateBookingSchema } from "@/lib/schemas/bookings";
import { NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /bookings" }, async ({ request, db, property }) => ({
  body: await listBookings(db, property.id, parseQuery(request, BookingListQuerySchema)),
}));

export const POST = withPartnerApi({ scope: "write", route: "POST /bookings" }, async ({ request, db, property, key }) => {
  parseQuery(request, NoQuerySchema);
  const idempotencyKey = readIdempotencyKey(request);
  const input = await parseJsonBody(request, CreateBookingSchema);
  const { kind, booking } = unlessRefused(await createBooking(db, { property, input, actor: apiKeyActor(key), idempotencyKey }));
  return {
    status: 201,
    body: booking,
    headers: { Location: `/partner/v1/bookings/${booking.id}`, ...(kind === "replayed" ? { "Idempotent-Replayed": "true" } : {}) },
  };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/bookings", ["GET", "POST"]);
