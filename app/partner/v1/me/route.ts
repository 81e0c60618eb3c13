import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { meView } from "@/lib/api-keys/me-view";

export const GET = withPartnerApi({ scope: "read", route: "GET /me" }, async ({ key }) => ({ body: meView(key) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/me", ["GET"]);
