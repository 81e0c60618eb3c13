import { describe, expect, it } from "vitest";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { isDomainError } from "@/lib/errors";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";

/** A room type's occupancy and extra adult price (issue 37) on real PostgreSQL: defaults, the follow rule, refusals by field, the audit log. */
const database = setupTestDatabase();
const staff = { label: "manager@example.com" };
const money = (amount: number) => ({ amount, currency: "EUR" });

async function hotel() {
  return (await seedHotel(database().db, {}, { name: "Occupancy Inn" })).property;
}

describe("createRoomType", () => {
  it("takes no children and covers every adult it takes unless told otherwise, and audits the new fields", async () => {
    const db = database().db;
    const property = await hotel();
    const double = await createRoomType(db, { propertyId: property.id, name: "Double", maxAdults: 2, rooms: 3, basePrice: 10_000 });
    expect(double).toMatchObject({ maxAdults: 2, maxChildren: 0, maxOccupancy: 2, adultsIncluded: 2, extraAdult: 0 });
    const suite = await createRoomType(db, {
      propertyId: property.id, name: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000, rooms: 1, basePrice: 24_000, actor: ADMIN_CLI_ACTOR,
    });
    expect(suite).toMatchObject({ maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000 });
    const [created] = await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_created"] });
    expect(created!.details).toMatchObject({ roomTypeName: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: money(3_000) });
    await expect(createRoomType(db, { propertyId: property.id, name: "Odd", maxAdults: 2, maxOccupancy: 1, rooms: 1, basePrice: 1 })).rejects.toSatisfy(
      (error) => isDomainError(error, "invalid_argument") && error.message === "max occupancy (1) must be at least max adults (2): it counts adults and children together",
    );
  });
});

describe("updateRoomType", () => {
  it("moves max occupancy and adults included with max adults when they equalled it and are not given, and audits all three", async () => {
    const db = database().db;
    const property = await hotel();
    const roomType = await createRoomType(db, { propertyId: property.id, name: "Double", maxAdults: 2, maxChildren: 1, maxOccupancy: 3, rooms: 3, basePrice: 10_000 });
    // Max occupancy (3) was not max adults (2): it stays; adults included (2) was, and follows.
    const raised = await updateRoomType(db, { id: roomType.id, maxAdults: 3, actor: staff });
    expect(raised.changed).toEqual(["maxAdults", "adultsIncluded"]);
    expect(raised.roomType).toMatchObject({ maxAdults: 3, maxOccupancy: 3, adultsIncluded: 3 });
    // Now both equal max adults: both follow it down; a given value is kept.
    const lowered = await updateRoomType(db, { id: roomType.id, maxAdults: 2, adultsIncluded: 1, extraAdult: 2_500, actor: staff });
    expect(lowered.roomType).toMatchObject({ maxAdults: 2, maxOccupancy: 2, adultsIncluded: 1, extraAdult: 2_500 });
    const [last] = await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_updated"] });
    expect((last!.details as { changes: object }).changes).toEqual({
      maxAdults: { from: 3, to: 2 },
      maxOccupancy: { from: 3, to: 2 },
      adultsIncluded: { from: 3, to: 1 },
      extraAdult: { from: money(0), to: money(2_500) },
    });
  });

  it("refuses, by field and with nothing written, a change that would break max occupancy ≥ max adults ≥ adults included with the stored values", async () => {
    const db = database().db;
    const property = await hotel();
    const suite = await createRoomType(db, { propertyId: property.id, name: "Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, rooms: 1, basePrice: 24_000 });
    const refusal = async (change: Parameters<typeof updateRoomType>[1]) => {
      const error = await updateRoomType(db, change).then(() => undefined, (e: unknown) => e);
      expect(isDomainError(error, "invalid_argument"), String(error)).toBe(true);
      return { message: (error as Error).message, errors: (error as { details: { errors: unknown } }).details.errors };
    };
    expect(await refusal({ id: suite.id, maxAdults: 6, actor: staff })).toEqual({
      message: "max occupancy (5) must be at least max adults (6): it counts adults and children together",
      errors: [{ field: "maxOccupancy", message: "max occupancy (5) must be at least max adults (6): it counts adults and children together" }],
    });
    expect(await refusal({ id: suite.id, maxOccupancy: 3, actor: staff })).toMatchObject({ errors: [{ field: "maxOccupancy" }] });
    expect(await refusal({ id: suite.id, adultsIncluded: 5, actor: staff })).toEqual({
      message: "adults included (5) must be at most max adults (4)",
      errors: [{ field: "adultsIncluded", message: "adults included (5) must be at most max adults (4)" }],
    });
    // Adults included (2) was not max adults (4), so it stays when max adults falls to 1.
    expect(await refusal({ id: suite.id, maxAdults: 1, actor: staff })).toMatchObject({ errors: [{ field: "adultsIncluded", message: "adults included (2) must be at most max adults (1)" }] });
    // Bad values on their own are refused before the row is read.
    expect(await refusal({ id: suite.id, maxChildren: -1, extraAdult: -5, actor: staff })).toMatchObject({ errors: [{ field: "maxChildren" }, { field: "extraAdult" }] });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: suite.id } })).toMatchObject({ maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 0 });
    expect(await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_updated"] })).toHaveLength(0);
  });
});
