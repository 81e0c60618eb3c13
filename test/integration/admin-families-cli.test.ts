import { describe, expect, it } from "vitest";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { adminCliOn, cliFixtureProperty, failureOfRun as failure, jsonOfRun as json } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

/** The CLI as operators run it: a child process on the test database. */
const admin = adminCliOn(database);
const property = () => cliFixtureProperty(database().db);
const euros = (amount: number) => ({ amount, currency: "EUR" });

describe("admin CLI: families (room types' occupancy, children's age bands)", { timeout: 120_000 }, () => {
  it("room-type create takes the occupancy options (minor units for --extra-adult, as --price), defaults without them, and refuses bad values (2)", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const [suite, double] = await Promise.all([
      admin(["room-type", "create", slug, "--name", "Family Suite", "--max-adults", "4", "--max-children", "3", "--max-occupancy", "5", "--adults-included", "2", "--extra-adult", "3000", "--rooms", "2", "--price", "24000"]),
      admin(["room-type", "create", slug, "--name", "Double", "--max-adults", "2", "--rooms", "5", "--price", "12000", "--json"]),
    ]);
    expect(suite.stderr).toBe("");
    expect(suite.stdout).toMatch(/: 2 rooms at €240\.00 a night for the next 730 nights; up to 4 adults and 3 children, 5 together; the rate covers 2 adults, €30\.00 a night each adult above\.\n$/);
    expect(await db.roomType.findFirstOrThrow({ where: { propertyId, name: "Family Suite" } })).toMatchObject({ maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3000 });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: json(double).id as string } })).toMatchObject({ maxAdults: 2, maxChildren: 0, maxOccupancy: 2, adultsIncluded: 2, extraAdult: 0 });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "room_type_created", details: { path: ["roomTypeName"], equals: "Family Suite" } } });
    expect(audit.details).toMatchObject({ maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: euros(3000) });

    const base = ["room-type", "create", slug, "--name", "Bad", "--max-adults", "2", "--rooms", "1", "--price", "100"];
    const [children, occupancy, included, extra, notNumber] = await Promise.all([
      admin([...base, "--max-children", "21"]),
      admin([...base, "--max-occupancy", "1"]),
      admin([...base, "--adults-included", "3"]),
      admin([...base, "--extra-adult=-1"]),
      admin([...base, "--max-children", "two"]),
    ]);
    expect(failure(children, 2)).toContain("max children must be a whole number from 0 to 20");
    expect(failure(occupancy, 2)).toContain("max occupancy (1) must be at least max adults (2): it counts adults and children together");
    expect(failure(included, 2)).toContain("adults included (3) must be at most max adults (2)");
    expect(failure(extra, 2)).toContain("extra adult price must be a whole number of minor units from 0 to 100,000,000");
    expect(failure(notNumber, 2)).toContain('--max-children must be a whole number, not "two"');
    expect(await db.roomType.count({ where: { propertyId } })).toBe(2);

    const listed = await admin(["room-type", "list", slug]);
    expect(listed.stdout).toMatch(/MAX ADULTS +MAX CHILDREN +MAX OCCUPANCY +ADULTS INCLUDED +EXTRA ADULT/);
    expect(listed.stdout).toMatch(/Family Suite +4 +3 +5 +2 +€30\.00 +2 +€240\.00/);
  });

  it("room-type update changes the occupancy fields, lets them follow --max-adults, and refuses a conflict with the stored values (2) with nothing written", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const roomType = await createRoomType(db, { propertyId, name: "Double", maxAdults: 2, rooms: 3, basePrice: 10_000 });
    expect(json(await admin(["room-type", "update", roomType.id, "--max-adults", "3", "--max-children", "1", "--json"]))).toEqual({
      id: roomType.id,
      changed: ["maxAdults", "maxChildren", "maxOccupancy", "adultsIncluded"],
    });
    expect(json(await admin(["room-type", "update", roomType.id, "--adults-included", "2", "--extra-adult", "2500", "--json"]))).toEqual({ id: roomType.id, changed: ["adultsIncluded", "extraAdult"] });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: roomType.id } })).toMatchObject({ maxAdults: 3, maxChildren: 1, maxOccupancy: 3, adultsIncluded: 2, extraAdult: 2500 });
    const [last] = await db.auditEvent.findMany({ where: { propertyId, action: "room_type_updated" }, orderBy: { createdAt: "desc" }, take: 1 });
    expect(last!.details).toMatchObject({ changes: { adultsIncluded: { from: 3, to: 2 }, extraAdult: { from: euros(0), to: euros(2500) } } });

    const [conflict, both] = await Promise.all([
      admin(["room-type", "update", roomType.id, "--max-occupancy", "2"]),
      admin(["room-type", "update", roomType.id, "--max-adults", "2", "--max-occupancy", "1"]),
    ]);
    expect(failure(conflict, 2)).toBe("error: max occupancy (2) must be at least max adults (3): it counts adults and children together");
    expect(failure(both, 2)).toContain("max occupancy (1) must be at least max adults (2)");
    expect(await db.auditEvent.count({ where: { propertyId, action: "room_type_updated" } })).toBe(2);
  });

  it("property child-bands sets the bands (minor units), answers them as GET /me does, shows them without bands, and refuses bad ones (2) and unknown slugs (1)", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const story = [
      { name: "Baby", fromAge: 0, toAge: 2, amount: euros(0) },
      { name: "Child", fromAge: 3, toAge: 11, amount: euros(1500) },
      { name: "Teen", fromAge: 12, toAge: 17, amount: euros(2500) },
    ];
    expect(json(await admin(["property", "child-bands", slug, "--json"]))).toEqual({ property: slug, childAgeBands: [{ name: "Child", fromAge: 0, toAge: 17, amount: euros(0) }] });
    expect(json(await admin(["property", "child-bands", slug, "Baby:0-2:0,Child:3-11:1500,Teen:12-17:2500", "--json"]))).toEqual({ property: slug, childAgeBands: story, changed: true });
    const again = await admin(["property", "child-bands", slug, "Teen:12-17:2500, Baby:0-2:0, Child:3-11:1500"]);
    expect(again.stdout).toBe(`${slug} already had those bands: nothing changed (Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00).\n`);
    expect((await admin(["property", "child-bands", slug])).stdout).toBe(`${slug}'s children's age bands: Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00.\n`);
    expect(await db.auditEvent.count({ where: { propertyId, action: "property_settings_updated" } })).toBe(1);

    const [form, gap, tooMany, unknown] = await Promise.all([
      admin(["property", "child-bands", slug, "Baby:0-2"]),
      admin(["property", "child-bands", slug, "Baby:0-2:0,Child:4-17:1500"]),
      admin(["property", "child-bands", slug, "A:0-1:0,B:2-3:0,C:4-5:0,D:6-17:0"]),
      admin(["property", "child-bands", "no-such-inn", "Child:0-17:0"]),
    ]);
    expect(failure(form, 2)).toBe('error: property child-bands: "Baby:0-2" is not a band NAME:FROM-TO:AMOUNT (e.g. Child:3-11:1500, the amount in minor units) (usage: npm run admin -- property child-bands SLUG [NAME:FROM-TO:AMOUNT,...] [--json])');
    expect(failure(gap, 2)).toContain("Child: must start at age 3, the age after the band before (no gap, no overlap) (usage:");
    expect(failure(tooMany, 2)).toContain("Give 1 to 3 age bands (usage:");
    expect(failure(unknown, 1)).toBe('error: no property with slug "no-such-inn"');
    expect(await db.auditEvent.count({ where: { propertyId, action: "property_settings_updated" } })).toBe(1);
  });
});
