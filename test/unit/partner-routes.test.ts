import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { partnerRoutes } from "@/test/support/partner-routes";

/** The in-process caller's routes come from app/partner/v1's files, in Next.js's order. */
const route = (routes: ReturnType<typeof partnerRoutes>, path: string) => {
  const found = routes.find((r) => r.pattern.test(path));
  return found && { file: found.file, values: found.pattern.exec(path)!.slice(1), params: found.params.map((p) => p.name) };
};

describe("the partner API's in-process routing table", () => {
  it("routes every path of the API to its route.ts, with its parameters", () => {
    const routes = partnerRoutes();
    expect(route(routes, "/bookings")).toMatchObject({ file: "app/partner/v1/bookings/route.ts", values: [] });
    expect(route(routes, "/bookings/bk_1/cancel")).toMatchObject({ file: "app/partner/v1/bookings/[id]/cancel/route.ts", values: ["bk_1"], params: ["id"] });
    expect(route(routes, "/webhook-endpoints/we_1/deliveries/whd_2/replay")).toMatchObject({ values: ["we_1", "whd_2"], params: ["id", "deliveryId"] });
    expect(route(routes, "/openapi.json")).toMatchObject({ file: "app/partner/v1/openapi.json/route.ts" });
    expect(route(routes, "/openapiXjson")).toMatchObject({ file: "app/partner/v1/[...path]/route.ts", values: ["openapiXjson"] });
    expect(route(routes, "/no/such/thing")).toMatchObject({ file: "app/partner/v1/[...path]/route.ts", values: ["no/such/thing"], params: ["path"] });
  });

  const dir = mkdtempSync(join(tmpdir(), "partner-routes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes a new route.ts without an edit, a static segment before a dynamic one and the catch-all last", () => {
    for (const folder of ["[...path]", "things/[id]", "things/latest", "things"]) {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, "route.ts"), "export {};\n");
    }
    const routes = partnerRoutes(dir);
    expect(routes.map((r) => r.file)).toHaveLength(4);
    expect(route(routes, "/things/latest")?.file).toBe("app/partner/v1/things/latest/route.ts");
    expect(route(routes, "/things/th_1")).toMatchObject({ file: "app/partner/v1/things/[id]/route.ts", values: ["th_1"] });
    expect(route(routes, "/things")?.file).toBe("app/partner/v1/things/route.ts");
    expect(route(routes, "/things/th_1/more")?.file).toBe("app/partner/v1/[...path]/route.ts");
  });
});
