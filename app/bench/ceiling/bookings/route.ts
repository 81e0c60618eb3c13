import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { BOOK_STAY, bookedView, bookStayCall, type BookStayOutcome } from "@/lib/bookings/create-booking";
import { requestFingerprint } from "@/lib/bookings/request-fingerprint";
import type { CreateBookingInput } from "@/lib/schemas/bookings";
import { getDb, queryHot } from "@/lib/db";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/**
 * Ceiling of POST /partner/v1/bookings (see ../ceiling.ts): key, plan limit, and the booking
 * statement with the route's very parameters (bookStayCall; the outbox event and its job
 * included), on a body taken as it comes: no validation. Answers the booking as the route does.
 */
export async function POST(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const input = JSON.parse(await request.text()) as CreateBookingInput;
  const { booking, parameters } = bookStayCall({
    property: key.property,
    input,
    actor: apiKeyActor(key),
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    fingerprint: requestFingerprint(input),
  });
  const { rows } = await queryHot<{ outcome: BookStayOutcome }>(getDb(), BOOK_STAY, parameters);
  const outcome = rows[0]!.outcome;
  if (outcome.kind !== "created") return Response.json(outcome, { status: 409 });
  return Response.json(bookedView(booking, outcome), { status: 201 });
}
