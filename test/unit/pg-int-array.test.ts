import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseIntArray } from "@/lib/db";

describe("the quick int4[] parser of the hot statements", () => {
  it("reads what node-postgres's own parser reads: empty, negative, NULL and large values", () => {
    const own = pg.types.getTypeParser(1007 as Parameters<typeof pg.types.getTypeParser>[0]); // int4[]
    for (const text of ["{}", "{0}", "{9000,8100,10350}", "{-15,0,2147483647,-2147483648}", "{NULL,5,NULL}"]) {
      expect(parseIntArray(text), text).toEqual(own(text));
    }
  });
});
