import { describe, expect, it } from "vitest";
import { chosenRoomsOf } from "@/lib/guest-site/choose-rooms";
import { chosenRoomsParams, offerChoiceOf, roomPartiesOf, roomsParams } from "@/lib/guest-site/rooms-query";
import type { SearchOutcome } from "@/lib/guest-site/search-stays";
import { guestWords } from "@/lib/i18n/guest-words";
import type { AvailabilityView } from "@/lib/schemas/availability";

const RT = "rt_5f3k9q2m8x1c7v4b6n0t";
const RT2 = "rt_5f3k9q2m8x1c7v4b6n0v";
const RP = "rp_5f3k9q2m8x1c7v4b6n0t";
const words = guestWords("en");
const reader = (query: string) => {
  const params = new URLSearchParams(query);
  return (name: string) => params.get(name) ?? "";
};

describe("several rooms in a link or a form", () => {
  it("read as one room when the link names no other (links from before rooms came), each room's party under room{k}. otherwise", () => {
    expect(roomPartiesOf(reader("adults=2&children=1&age1=5"))).toEqual([{ adults: "2", children: "1", ages: ["5"] }]);
    expect(roomPartiesOf(reader("rooms=2&adults=2&children=2&age1=4&age2=9&room2.adults=1"))).toEqual([
      { adults: "2", children: "2", ages: ["4", "9"] },
      { adults: "1", children: "", ages: [] },
    ]);
    // A count out of range is one room, never a hundred.
    expect(roomPartiesOf(reader("rooms=99&adults=2"))).toHaveLength(1);
    expect(roomPartiesOf(reader("rooms=6&adults=2"))).toHaveLength(1);
  });

  it("round-trip through the fields they are written as", () => {
    const parties = [{ adults: 2, childrenAges: [4, 9] }, { adults: 1, childrenAges: [] }];
    const params = roomsParams(parties);
    expect(params).toEqual({ rooms: "2", adults: "2", children: "2", age1: "4", age2: "9", "room2.adults": "1" });
    expect(roomPartiesOf(reader(new URLSearchParams(params).toString()))).toEqual([
      { adults: "2", children: "2", ages: ["4", "9"] },
      { adults: "1", children: "", ages: [] },
    ]);
    expect(roomsParams([{ adults: 2, childrenAges: [] }])).toEqual({ adults: "2" });
    const chosen = chosenRoomsParams({ checkin: "2026-12-01", checkout: "2026-12-03" }, parties.map((party) => ({ ...party, roomTypeId: RT, ratePlanId: RP })));
    expect(chosen["room2.offer"]).toBe(`${RT}:${RP}`);
  });

  it("take an offer only as a room type's and a rate plan's ids", () => {
    expect(offerChoiceOf(`${RT}:${RP}`)).toEqual({ roomTypeId: RT, ratePlanId: RP });
    for (const bad of ["", RT, `${RP}:${RT}`, `${RT}:${RP}:x`, `rt_x:${RP}`]) expect(offerChoiceOf(bad), bad).toBeNull();
  });
});

const offer = (roomTypeId: string, name: string, availableRooms: number) =>
  ({ roomTypeId, name, availableRooms, offers: [{ ratePlanId: RP, name: "Flexible", price: { amount: 20000, currency: "EUR" } }] }) as unknown as AvailabilityView["roomTypes"][number];
const offers = (...roomTypes: AvailabilityView["roomTypes"]): SearchOutcome => ({
  kind: "offers",
  availability: { checkin: "2026-12-01", checkout: "2026-12-03", nights: 2, adults: 2, childrenAges: [], roomTypes } as unknown as AvailabilityView,
});

describe("each room's choice checked before the booker's details", () => {
  it("keeps the choices still offered, with each room's stay and party", () => {
    const chosen = chosenRoomsOf([offers(offer(RT, "Double", 3)), offers(offer(RT, "Double", 3))], [{ roomTypeId: RT, ratePlanId: RP }, { roomTypeId: RT, ratePlanId: RP }], words);
    expect(chosen.kind).toBe("chosen");
    if (chosen.kind === "chosen") expect(chosen.rooms.map((room) => [room.offer.name, room.plan.name, room.nights])).toEqual([["Double", "Flexible", 2], ["Double", "Flexible", 2]]);
  });

  it("names the room that takes one more of a type than is free, and a choice no longer offered", () => {
    const chosen = chosenRoomsOf(
      [offers(offer(RT, "Double", 1), offer(RT2, "Suite", 1)), offers(offer(RT, "Double", 1)), offers(offer(RT, "Double", 1))],
      [{ roomTypeId: RT, ratePlanId: RP }, { roomTypeId: RT, ratePlanId: RP }, { roomTypeId: RT2, ratePlanId: RP }],
      words,
    );
    expect(chosen).toEqual({ kind: "choose", roomErrors: { 1: "Only one Double is free for your dates: choose another for this room.", 2: expect.stringContaining("no longer offered") } });
  });

  it("asks again while a room has nothing chosen or nothing to choose from", () => {
    expect(chosenRoomsOf([offers(offer(RT, "Double", 3)), offers(offer(RT, "Double", 3))], [{ roomTypeId: RT, ratePlanId: RP }, null], words)).toEqual({ kind: "choose", roomErrors: { 1: "Choose a room and a rate for this room." } });
    expect(chosenRoomsOf([offers(offer(RT, "Double", 3)), { kind: "sold_out", nights: 2, suggestions: [] }], [{ roomTypeId: RT, ratePlanId: RP }, { roomTypeId: RT, ratePlanId: RP }], words).kind).toBe("choose");
  });
});
