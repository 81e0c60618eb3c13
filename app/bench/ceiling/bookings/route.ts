import { createHash } from "node:crypto";
import { BOOK_STAY_SQL } from "@/lib/bookings/create-booking";
import { newBookingReference, newId } from "@/lib/ids";
import { ceilingAuth, ceilingPool, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

type Body = { roomTypeId: string; checkin: string; checkout: string; adults: number; guest: { firstName: string; lastName: string; email: string } };

/**
 * Ceiling of POST /partner/v1/bookings (see ../ceiling.ts): key, plan limit, and the booking
 * statement with parameters of the same shape (the outbox event and its job included).
 */
export async function POST(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const text = await request.text();
  const body = JSON.parse(text) as Body;
  const now = new Date().toISOString();
  const id = newId("bk");
  const reference = newBookingReference(key.name);
  const booking = { id, reference, externalReference: null, status: "confirmed", roomTypeId: body.roomTypeId, checkin: body.checkin, checkout: body.checkout };
  const view = { ...booking, adults: body.adults, guest: body.guest, createdAt: now, updatedAt: now, cancelledAt: null, cancellationReason: null };
  const parameters = {
    propertyId: key.property_id,
    idempotencyKey: request.headers.get("idempotency-key"),
    roomTypeId: body.roomTypeId,
    checkin: body.checkin,
    checkout: body.checkout,
    adults: body.adults,
    bookingId: id,
    reference,
    firstName: body.guest.firstName,
    lastName: body.guest.lastName,
    email: body.guest.email,
    currency: key.currency,
    externalReference: null,
    apiKeyId: key.id,
    fingerprint: createHash("sha256").update(text).digest("hex"),
    now,
    eventId: newId("evt"),
    view,
  };
  const { rows } = await ceilingPool().query<{ outcome: { kind: string } }>(BOOK_STAY_SQL, [JSON.stringify(parameters)]);
  const outcome = rows[0]!.outcome;
  return outcome.kind === "created" ? Response.json({ ...view, outcome }, { status: 201 }) : Response.json(outcome, { status: 409 });
}
