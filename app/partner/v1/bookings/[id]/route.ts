import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { changeBooking } from "@/lib/bookings/change-booking";
import { getBooking } from "@/lib/bookings/find-bookings";
import { readIdempotencyKey } from "@/lib/http/idempotency-key-header";
import { parseJsonBody, parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi, type PartnerResult } from "@/lib/http/with-partner-api";
import { ChangeBookingQuerySchema, ChangeBookingSchema } from "@/lib/schemas/bookings";
import { BookingIdSchema, NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /bookings/{id}" }, async ({ request, db, property, params }) => {
  const id = parsePathId(params.id, BookingIdSchema, "booking");
  parseQuery(request, NoQuerySchema);
  return { body: await getBooking(db, property.id, id) };
});

export const PATCH = withPartnerApi({ scope: "write", route: "PATCH /bookings/{id}" }, async ({ request, db, property, params, key }): Promise<PartnerResult> => {
  const bookingId = parsePathId(params.id, BookingIdSchema, "booking");
  const { dryRun } = parseQuery(request, ChangeBookingQuerySchema);
  const idempotencyKey = readIdempotencyKey(request);
  const { expectedPrice, ...change } = await parseJsonBody(request, ChangeBookingSchema);
  const outcome = unlessRefused(await changeBooking(db, {
    property,
    bookingId,
    request: change,
    expectedPrice,
    dryRun: dryRun === "true",
    idempotencyKey,
    actor: apiKeyActor(key),
  }));
  switch (outcome.kind) {
    case "quote":
      return { body: outcome.booking, headers: { Preview: "true" } };
    case "changed":
    case "unchanged":
      return { body: outcome.booking };
    case "replayed":
      return { body: outcome.booking, headers: { "Idempotent-Replayed": "true" } };
  }
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed("/bookings/{id}", ["GET", "PATCH"]);
