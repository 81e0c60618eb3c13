import { requestIdFor } from "@/lib/http/request-id";
import { openApiDocument } from "@/lib/openapi/openapi-document";

/** The OpenAPI 3.1 document of the partner API. The one path that needs no key. */
export function GET(request: Request) {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300", "X-Request-Id": requestIdFor(request) },
  });
}
