import { keyLineage } from "@/lib/api-keys/key-lineage";
import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { anonymiseBookings } from "@/lib/bookings/anonymise-booking";
import { getBooking } from "@/lib/bookings/find-bookings";
import { DomainError } from "@/lib/errors";
import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { BookingIdSchema, NoQuerySchema } from "@/lib/schemas/common";

/** A guest's erasure request, forwarded by the partner whose keys made the booking (issue 40). */
export const POST = withPartnerApi({ scope: "write", route: "POST /bookings/{id}/anonymise" }, async ({ request, db, property, params, key }) => {
  const bookingId = parsePathId(params.id, BookingIdSchema, "booking");
  parseQuery(request, NoQuerySchema);
  const outcome = (await anonymiseBookings(db, { property, bookingIds: [bookingId], actor: apiKeyActor(key), way: "api", madeByKeys: await keyLineage(db, key.id) })).bookings[0]!;
  if (outcome.kind === "not_found") throw new DomainError("not_found", `No booking "${bookingId}" made with your API keys at this property.`);
  if (outcome.kind === "not_ended") {
    throw new DomainError("booking_not_anonymisable", `The stay has not ended: check-out is ${outcome.checkout} and today is ${outcome.today} at the property. Cancel the booking first, or wait until its check-out date.`);
  }
  return { body: await getBooking(db, property.id, bookingId) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/bookings/{id}/anonymise", ["POST"]);
