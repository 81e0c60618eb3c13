import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { toRoomTypeView } from "@/lib/room-types/room-type-view";
import { NoQuerySchema } from "@/lib/schemas/common";

export const GET = withPartnerApi({ scope: "read", route: "GET /room-types" }, async ({ request, db, property }) => {
  parseQuery(request, NoQuerySchema);
  const roomTypes = await listRoomTypes(db, property.id);
  return { body: { data: roomTypes.map((roomType) => toRoomTypeView(roomType, property.currency)) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/room-types", ["GET"]);
