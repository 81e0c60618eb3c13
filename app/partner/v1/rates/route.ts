import { parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { readRatesJson } from "@/lib/rates/read-rates";
import { RatesQuerySchema } from "@/lib/schemas/rates";

export const GET = withPartnerApi({ scope: "read", route: "GET /rates" }, async ({ request, db, property }) => ({
  json: await readRatesJson(db, property, parseQuery(request, RatesQuerySchema)),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/rates", ["GET"]);
