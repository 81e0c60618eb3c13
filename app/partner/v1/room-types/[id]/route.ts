import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { getRoomType } from "@/lib/room-types/room-type-view";
import { NoQuerySchema, RoomTypeIdSchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /room-types/{id}" }, async ({ request, db, property, params }) => {
  const id = parsePathId(params.id, RoomTypeIdSchema, "room type");
  parseQuery(request, NoQuerySchema);
  return { body: await getRoomType(db, property, id) };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/room-types/{id}", ["GET"]);
