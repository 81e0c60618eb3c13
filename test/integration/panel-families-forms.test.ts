import { beforeAll, describe, expect, it } from "vitest";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { form, panelSession, panelSessionsAt, type PanelSessions } from "../support/panel-actions";
import { useDatabaseForRoutes } from "../support/partner-api";

/**
 * The panel's forms for families, through their server actions (as a browser without JavaScript
 * sends them): the Rooms form's occupancy fields (left as shown, they follow max adults) and
 * Settings › Property's children's age bands, each problem beside its field or its band.
 */

const { createRoomTypeAction, updateRoomTypeAction } = await import("@/app/(panel)/(signed-in)/rooms/actions");
const { setChildAgeBandsAction } = await import("@/app/(panel)/(signed-in)/settings/property/actions");

const database = setupTestDatabase();
let property: { id: string; slug: string };
let sessions: PanelSessions;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  ({ property } = await seedProperty(db, { name: "Family Forms Inn", roomTypes: [] }));
  sessions = await panelSessionsAt(db, property);
});


/** A room type form as the page renders it: every field, and what it showed of the fields that follow max adults. */
const roomForm = (fields: Record<string, string>, shown = { maxOccupancy: "2", adultsIncluded: "2" }) =>
  form({
    propertyId: property.id, name: "Double", description: "", maxAdults: "2", maxChildren: "0", maxOccupancy: "2", adultsIncluded: "2", extraAdult: "0.00", rooms: "3", basePrice: "100.00",
    "shown.maxOccupancy": shown.maxOccupancy, "shown.adultsIncluded": shown.adultsIncluded, ...fields,
  });

describe("Rooms: the room type form", () => {
  it("adds a room type with its occupancy (untouched fields take max adults) and refuses bad fields beside them", async () => {
    panelSession.token = sessions.admin;
    const { db } = database();
    const added = await createRoomTypeAction({}, roomForm({ name: "Family Suite", maxAdults: "4", maxChildren: "3", extraAdult: "30.00" }));
    expect(added).toEqual({ done: expect.stringMatching(/^Added Family Suite/) });
    expect(await db.roomType.findFirstOrThrow({ where: { propertyId: property.id, name: "Family Suite" } })).toMatchObject({ maxAdults: 4, maxChildren: 3, maxOccupancy: 4, adultsIncluded: 4, extraAdult: 3_000 });

    const refused = await createRoomTypeAction({}, roomForm({ name: "Odd", maxChildren: "many", maxOccupancy: "1", extraAdult: "-5" }));
    expect(refused).toMatchObject({
      error: "Check the highlighted fields.",
      fieldErrors: {
        maxChildren: "Enter a whole number, e.g. 2.",
        maxOccupancy: "Max occupancy (1) must be at least max adults (2): it counts adults and children together.",
        extraAdult: "A price cannot be negative.",
      },
      values: { name: "Odd", maxChildren: "many", maxOccupancy: "1", extraAdult: "-5" },
    });
    expect(await db.roomType.count({ where: { propertyId: property.id, name: "Odd" } })).toBe(0);
  });

  it("saves a change: max occupancy and adults included left as shown follow max adults; a conflict with what is stored comes back beside its field", async () => {
    panelSession.token = sessions.admin;
    const { db } = database();
    const double = await createRoomType(db, { propertyId: property.id, name: "Twin", maxAdults: 2, rooms: 3, basePrice: 10_000 });
    const saved = await updateRoomTypeAction({}, roomForm({ roomTypeId: double.id, name: "Twin", maxAdults: "3", maxChildren: "1" }));
    expect(saved).toEqual({ done: "Saved Twin. Max occupancy and adults included followed max adults (3)." });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: double.id } })).toMatchObject({ maxAdults: 3, maxChildren: 1, maxOccupancy: 3, adultsIncluded: 3 });

    // Typed over: kept as typed (the rate covers 2 adults of 3, each third adult pays 25.00).
    const typed = { roomTypeId: double.id, name: "Twin", maxAdults: "3", maxChildren: "1", maxOccupancy: "4", adultsIncluded: "2", extraAdult: "25.00" };
    expect(await updateRoomTypeAction({}, roomForm(typed, { maxOccupancy: "3", adultsIncluded: "3" }))).toEqual({ done: "Saved Twin." });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: double.id } })).toMatchObject({ maxOccupancy: 4, adultsIncluded: 2, extraAdult: 2_500 });

    // Max occupancy (4) was not max adults (3), so it does not follow it up to 5: refused beside its field, nothing written.
    const conflict = await updateRoomTypeAction({}, roomForm({ ...typed, maxAdults: "5" }, { maxOccupancy: "4", adultsIncluded: "2" }));
    expect(conflict).toMatchObject({ error: "Check the highlighted fields.", fieldErrors: { maxOccupancy: "Max occupancy (4) must be at least max adults (5): it counts adults and children together." } });
    expect((await db.roomType.findUniqueOrThrow({ where: { id: double.id } })).maxAdults).toBe(3);
  });
});

describe("Settings › Property: the children's age bands", () => {
  const bandsForm = (rows: [string, string, string, string][]) =>
    form({
      propertyId: property.id,
      ...Object.fromEntries(rows.flatMap(([name, fromAge, toAge, amount], row) => [
        [`bands.${row}.name`, name], [`bands.${row}.fromAge`, fromAge], [`bands.${row}.toAge`, toAge], [`bands.${row}.amount`, amount],
      ])),
    });

  it("saves up to three bands (a blank row is none), answers the stored rows, and says when nothing changed", async () => {
    panelSession.token = sessions.admin;
    const { db } = database();
    const rows: [string, string, string, string][] = [["Baby", "0", "2", "0"], ["Child", "3", "11", "15"], ["Teen", "12", "17", "25.00"]];
    const saved = await setChildAgeBandsAction({}, bandsForm(rows));
    expect(saved).toEqual({
      done: "Saved the children's age bands: Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00. Bookings made from now on are priced with them; bookings already made keep their prices.",
      values: [
        { name: "Baby", fromAge: "0", toAge: "2", amount: "0.00" },
        { name: "Child", fromAge: "3", toAge: "11", amount: "15.00" },
        { name: "Teen", fromAge: "12", toAge: "17", amount: "25.00" },
      ],
    });
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).childAgeBands).toEqual([
      { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
      { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
      { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
    ]);
    expect((await setChildAgeBandsAction({}, bandsForm(rows))).done).toMatch(/^Nothing to save/);
    const one = await setChildAgeBandsAction({}, bandsForm([["Child", "0", "17", "10"], ["", "", "", ""], ["", "", "", ""]]));
    expect(one.values).toEqual([{ name: "Child", fromAge: "0", toAge: "17", amount: "10.00" }, { name: "", fromAge: "", toAge: "", amount: "" }, { name: "", fromAge: "", toAge: "", amount: "" }]);
  });

  it("puts a field's problem beside the field, a band's beside its row and the others above the form; a viewer changes nothing", async () => {
    panelSession.token = sessions.admin;
    const { db } = database();
    const before = (await db.property.findUniqueOrThrow({ where: { id: property.id } })).childAgeBands;
    expect(await setChildAgeBandsAction({}, bandsForm([["", "0", "18", "abc"], ["Teen", "x", "17", "0"]]))).toMatchObject({
      error: "Check the highlighted fields.",
      fieldErrors: { "bands.0.name": "Enter a name, e.g. Child.", "bands.0.toAge": "Enter an age from 0 to 17.", "bands.0.amount": expect.stringMatching(/^Enter a price as a number/), "bands.1.fromAge": "Enter an age from 0 to 17." },
    });
    expect(await setChildAgeBandsAction({}, bandsForm([["Baby", "0", "2", "0"], ["Child", "4", "16", "15"]]))).toMatchObject({
      error: "Check the age bands. The last band must end at age 17: a guest of 18 or more is an adult.",
      rowErrors: { 1: ["Child: must start at age 3, the age after the band before (no gap, no overlap)."] },
    });
    expect(await setChildAgeBandsAction({}, bandsForm([["", "", "", ""]]))).toMatchObject({ error: "Check the age bands. Give 1 to 3 age bands." });
    panelSession.token = sessions.viewer;
    expect(await setChildAgeBandsAction({}, bandsForm([["Child", "0", "17", "99"]]))).toMatchObject({ error: expect.stringContaining("view access") });
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).childAgeBands).toEqual(before);
  });
});
