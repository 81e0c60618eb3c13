import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { verifyPassword } from "@/lib/staff/password";
import { seedDemo } from "@/prisma/seed";
import { prepareDemo } from "@/scripts/app/prepare-demo";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

describe("demo seed", () => {
  it("creates both hotels with their rooms, 730 nights of prices, a staff login and a key, and is safe to run twice", async () => {
    const { db } = database();
    const made = await seedDemo(db);
    expect(made.map((m) => m.slug)).toEqual(["harbour-view-hotel", "alpine-lodge"]);
    expect(await seedDemo(db)).toEqual([]);

    const harbour = await db.property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" }, include: { roomTypes: true } });
    expect(harbour).toMatchObject({ timezone: "Europe/Lisbon", currency: "EUR", plan: "starter" });
    expect(harbour.roomTypes.map((r) => [r.maxAdults, r.rooms >= 3 && r.rooms <= 10]).sort()).toEqual([
      [1, true],
      [2, true],
      [2, true],
      [4, true],
    ]);
    const alpine = await db.property.findUniqueOrThrow({ where: { slug: "alpine-lodge" }, include: { roomTypes: true } });
    expect(alpine).toMatchObject({ timezone: "Europe/Zurich", currency: "CHF", plan: "free" });
    expect(alpine.roomTypes).toHaveLength(2);

    for (const roomType of harbour.roomTypes) {
      expect(await db.roomNight.count({ where: { roomTypeId: roomType.id } })).toBe(730);
    }
    const prices = await db.roomNight.findMany({ where: { roomTypeId: harbour.roomTypes[0]!.id }, select: { price: true } });
    expect(new Set(prices.map((p) => p.price)).size).toBeGreaterThan(2); // weekend and seasonal variation

    for (const m of made) {
      const staff = await db.staffUser.findUniqueOrThrow({ where: { email: m.staffEmail } });
      expect(await verifyPassword(m.staffPassword!, staff.passwordHash)).toBe(true);
      const key = await findActiveApiKey(db, m.apiKey!.key);
      expect(key?.property.slug).toBe(m.slug);
    }
    expect(made.find((m) => m.slug === "alpine-lodge")?.apiKey?.scope).toBe("read");
  });

  it("keeps working demo credentials for npm run dev, replacing a key rotated or revoked in the panel", async () => {
    const { db, url } = database();
    const stateFile = join(mkdtempSync(join(tmpdir(), "rb-state-")), "local-state.json");
    const first = await prepareDemo(url, stateFile);
    const again = await prepareDemo(url, stateFile);
    expect(again.state.demo).toEqual(first.state.demo);
    expect(again.state.sessionSecret).toBe(first.state.sessionSecret);

    const key = await findActiveApiKey(db, first.state.demo.partnerApiKey);
    await revokeApiKey(db, { keyId: key!.id, actor: ADMIN_CLI_ACTOR });
    const replaced = await prepareDemo(url, stateFile);
    expect(replaced.state.demo.partnerApiKey).not.toBe(first.state.demo.partnerApiKey);
    expect((await findActiveApiKey(db, replaced.state.demo.partnerApiKey))?.scope).toBe("write");
    expect(replaced.notes.join(" ")).toMatch(/no longer worked/);
  });
});
