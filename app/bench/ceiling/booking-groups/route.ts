import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { BOOK_GROUP, bookedGroupView, bookGroupCall, type BookGroupOutcome } from "@/lib/bookings/create-booking-group";
import { requestFingerprint } from "@/lib/bookings/request-fingerprint";
import type { CreateBookingGroupInput } from "@/lib/schemas/booking-groups";
import { getDb, queryHot } from "@/lib/db";
import { ceilingAuth, ceilingRoutesEnabled, notFound } from "../ceiling";

export const dynamic = "force-dynamic";

/**
 * Ceiling of POST /partner/v1/booking-groups (see ../ceiling.ts): key, plan limit, and the group
 * statement with the route's very parameters (bookGroupCall; each room's outbox event and job
 * included), on a body taken as it comes: no validation. Answers the group as the route does.
 */
export async function POST(request: Request): Promise<Response> {
  if (!ceilingRoutesEnabled()) return notFound();
  const key = await ceilingAuth(request);
  if (key instanceof Response) return key;
  const input = JSON.parse(await request.text()) as CreateBookingGroupInput;
  const { group, bookings, parameters } = bookGroupCall({
    property: key.property,
    input,
    actor: apiKeyActor(key),
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    fingerprint: requestFingerprint({ group: input }),
    now: new Date(),
  });
  const { rows } = await queryHot<{ outcome: BookGroupOutcome }>(getDb(), BOOK_GROUP, parameters);
  const outcome = rows[0]!.outcome;
  if (outcome.kind !== "created") return Response.json(outcome, { status: 409 });
  return Response.json(bookedGroupView(group, bookings, outcome.rooms), { status: 201 });
}
