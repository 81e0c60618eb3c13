import { ApiProblem } from "./problem";
import { withPartnerApi } from "./with-partner-api";

/**
 * Any path under /partner/v1 that names no endpoint, or that is not even a path (percent-
 * encoding that does not decode, caught in proxy.ts): problem+json 404 after the key checks,
 * never an HTML page or a bare 500.
 */
export const unknownPartnerPath = withPartnerApi({ scope: "read", route: "unknown path" }, async ({ request }) => {
  throw new ApiProblem("not_found", `No endpoint ${new URL(request.url).pathname}. See /partner/v1/openapi.json.`);
});
