import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { createBookingGroup } from "@/lib/bookings/create-booking-group";
import { listBookingGroups } from "@/lib/bookings/find-booking-groups";
import { readIdempotencyKey } from "@/lib/http/idempotency-key-header";
import { parseJsonBody, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { BookingGroupListQuerySchema, CreateBookingGroupSchema } from "@/lib/schemas/booking-groups";
import { NoQuerySchema } from "@/lib/schemas/common";

export const POST = withPartnerApi({ scope: "write", route: "POST /booking-groups" }, async ({ request, db, property, key }) => {
  parseQuery(request, NoQuerySchema);
  const idempotencyKey = readIdempotencyKey(request);
  const input = await parseJsonBody(request, CreateBookingGroupSchema);
  const { kind, group } = unlessRefused(await createBookingGroup(db, { property, input, actor: apiKeyActor(key), idempotencyKey }));
  return {
    status: 201,
    body: group,
    headers: { Location: `/partner/v1/booking-groups/${group.id}`, ...(kind === "replayed" ? { "Idempotent-Replayed": "true" } : {}) },
  };
});

export const GET = withPartnerApi({ scope: "read", route: "GET /booking-groups" }, async ({ request, db, property }) => {
  return { body: await listBookingGroups(db, property.id, parseQuery(request, BookingGroupListQuerySchema)) };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/booking-groups", ["GET", "POST"]);
