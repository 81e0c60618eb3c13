import { parseJsonBody, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { NoQuerySchema } from "@/lib/schemas/common";
import { TestClockInputSchema } from "@/lib/schemas/test-clock";
import { setTestClock } from "@/lib/test-mode/test-clock";

export const PUT = withPartnerApi({ scope: "write", route: "PUT /test-clock" }, async ({ request, db, property }) => {
  parseQuery(request, NoQuerySchema);
  const input = await parseJsonBody(request, TestClockInputSchema);
  return { body: await setTestClock(db, property, input.today) };
});

export const DELETE = withPartnerApi({ scope: "write", route: "DELETE /test-clock" }, async ({ request, db, property }) => {
  parseQuery(request, NoQuerySchema);
  return { body: await setTestClock(db, property, null) };
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed("/test-clock", ["PUT", "DELETE"]);
