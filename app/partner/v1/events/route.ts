import { readEventFeed } from "@/lib/events/read-event-feed";
import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { EventFeedQuerySchema } from "@/lib/schemas/events";

export const GET = withPartnerApi({ scope: "read", route: "GET /events" }, async ({ request, db, property }) => ({
  body: await readEventFeed(db, property, parseQuery(request, EventFeedQuerySchema)),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/events", ["GET"]);
