import { ApiProblem } from "@/lib/http/problem";
import { withPartnerApi } from "@/lib/http/with-partner-api";

/** Any other path under /partner/v1: problem+json 404 (after the key checks), never an HTML page. */
const notFound = withPartnerApi({ scope: "read", route: "unknown path" }, async ({ request }) => {
  throw new ApiProblem("not_found", `No endpoint ${new URL(request.url).pathname}. See /partner/v1/openapi.json.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
