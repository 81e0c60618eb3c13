import { describe, expect, it } from "vitest";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { isDomainError } from "@/lib/errors";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

/** setChildAgeBands on real PostgreSQL: stored in age order, audited as a Settings › Property change, refused whole. */
const database = setupTestDatabase();
const staff = { label: "manager@example.com" };
const euros = (amount: number) => ({ amount, currency: "EUR" });

describe("setChildAgeBands", () => {
  it("stores the bands in age order with names trimmed, records the change from → to, and writes nothing for the same bands", async () => {
    const db = database().db;
    const { property } = await seedProperty(db, { name: "Bands Inn", roomTypes: [] });
    const given = [{ name: " Teen ", fromAge: 12, toAge: 17, amount: 2_500 }, { name: "Baby", fromAge: 0, toAge: 2, amount: 0 }, { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 }];
    const stored = [{ name: "Baby", fromAge: 0, toAge: 2, amount: 0 }, { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 }, { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 }];
    expect(await setChildAgeBands(db, { propertyId: property.id, bands: given, actor: staff })).toEqual({ bands: stored, currency: "EUR", changed: true });
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).childAgeBands).toEqual(stored);
    const [event] = await listAuditEvents(db, { propertyId: property.id, actions: ["property_settings_updated"] });
    expect(event).toMatchObject({
      actorLabel: "manager@example.com",
      details: {
        changes: {
          childAgeBands: {
            from: [{ name: "Child", fromAge: 0, toAge: 17, amount: euros(0) }],
            to: stored.map((band) => ({ ...band, amount: euros(band.amount) })),
          },
        },
      },
    });
    expect((await setChildAgeBands(db, { propertyId: property.id, bands: stored, actor: staff })).changed).toBe(false);
    expect(await listAuditEvents(db, { propertyId: property.id, actions: ["property_settings_updated"] })).toHaveLength(1);
  });

  it("refuses bands that break a rule, whole and with every problem, and an unknown property", async () => {
    const db = database().db;
    const { property } = await seedProperty(db, { name: "Bad Bands Inn", roomTypes: [] });
    const bad = [{ name: "Baby", fromAge: 0, toAge: 2, amount: -1 }, { name: "baby", fromAge: 4, toAge: 16, amount: 0 }];
    await expect(setChildAgeBands(db, { propertyId: property.id, bands: bad, actor: staff })).rejects.toSatisfy(
      (error) =>
        isDomainError(error, "invalid_argument") &&
        error.message ===
          "Baby: the amount must be a whole number of minor units, at least 0. baby: must start at age 3, the age after the band before (no gap, no overlap). The last band must end at age 17: a guest of 18 or more is an adult. Each band needs a name of its own.",
    );
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).childAgeBands).toEqual([{ name: "Child", fromAge: 0, toAge: 17, amount: 0 }]);
    await expect(setChildAgeBands(db, { propertyId: "prop_00000000000000000000", bands: [{ name: "Child", fromAge: 0, toAge: 17, amount: 0 }], actor: staff })).rejects.toSatisfy(
      (error) => isDomainError(error, "not_found"),
    );
  });
});
