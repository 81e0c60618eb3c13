import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { formatMoney } from "@/lib/money/currency";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/room-types/calendar-horizon";
import { createRoomType, validateRoomTypeInput } from "@/lib/room-types/create-room-type";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { updateRoomType, validateRoomTypeUpdate } from "@/lib/room-types/update-room-type";
import type { RoomType } from "@/lib/generated/prisma/client";
import { defineCommand, refuseProblems } from "./command";
import { formatTable } from "./output";
import type { CommandArgs } from "./parse-args";

/** The occupancy options of create and update: who a room takes and what its rate covers (left out: create's defaults, update's follow rule). */
const OCCUPANCY_ARGS = "[--max-children N] [--max-occupancy N] [--adults-included N] [--extra-adult MINOR]";
const OCCUPANCY_OPTIONS = {
  "max-children": { type: "string" },
  "max-occupancy": { type: "string" },
  "adults-included": { type: "string" },
  "extra-adult": { type: "string" },
} as const;

function occupancyOptions(args: CommandArgs) {
  return {
    maxChildren: args.optionalWholeNumber("max-children"),
    maxOccupancy: args.optionalWholeNumber("max-occupancy"),
    adultsIncluded: args.optionalWholeNumber("adults-included"),
    extraAdult: args.optionalWholeNumber("extra-adult"),
  };
}

/** "up to 4 adults and 3 children, 5 together; the rate covers 2 adults, €30.00 a night each adult above". */
function describeOccupancy(roomType: RoomType, currency: string): string {
  const takes = roomType.maxChildren > 0 ? `up to ${roomType.maxAdults} adults and ${roomType.maxChildren} children, ${roomType.maxOccupancy} together` : `up to ${roomType.maxAdults} adults, no children`;
  const extra = roomType.adultsIncluded < roomType.maxAdults ? `, ${formatMoney({ amount: roomType.extraAdult, currency })} a night each adult above` : "";
  return `${takes}; the rate covers ${roomType.adultsIncluded} adults${extra}`;
}

export const roomTypeCreate = defineCommand({
  name: "room-type create",
  args: `SLUG --name N --max-adults A --rooms R --price MINOR [--description D] ${OCCUPANCY_ARGS}`,
  summary: `Create a room type with R rooms for sale at MINOR (minor units) a night, from today for ${CALENDAR_HORIZON_NIGHTS} nights; without the occupancy options it takes no children and its rate covers every adult (--extra-adult: minor units a night for each adult above --adults-included).`,
  positionals: ["SLUG"],
  options: {
    name: { type: "string" },
    "max-adults": { type: "string" },
    rooms: { type: "string" },
    price: { type: "string" },
    description: { type: "string" },
    ...OCCUPANCY_OPTIONS,
  },
  parse(args) {
    const input = {
      slug: args.slug(0),
      name: args.string("name"),
      maxAdults: args.wholeNumber("max-adults"),
      rooms: args.wholeNumber("rooms"),
      basePrice: args.wholeNumber("price"),
      description: args.optionalString("description"),
      ...occupancyOptions(args),
    };
    refuseProblems(validateRoomTypeInput(input));
    return input;
  },
  async run({ db }, { slug, ...input }) {
    const property = await findPropertyBySlug(db, slug);
    const roomType = await createRoomType(db, { ...input, propertyId: property.id, actor: ADMIN_CLI_ACTOR });
    const price = formatMoney({ amount: roomType.basePrice, currency: property.currency });
    return {
      json: { id: roomType.id },
      text: `Created room type "${roomType.name}" (${roomType.id}) at ${property.slug}: ${roomType.rooms} rooms at ${price} a night for the next ${CALENDAR_HORIZON_NIGHTS} nights; ${describeOccupancy(roomType, property.currency)}.`,
    };
  },
});

export const roomTypeList = defineCommand({
  name: "room-type list",
  args: "SLUG",
  summary: "List a property's room types.",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const roomTypes = await listRoomTypes(db, property.id);
    const money = (amount: number) => formatMoney({ amount, currency: property.currency });
    const rows = roomTypes.map((rt) => [
      rt.id,
      rt.name,
      String(rt.maxAdults),
      String(rt.maxChildren),
      String(rt.maxOccupancy),
      String(rt.adultsIncluded),
      money(rt.extraAdult),
      String(rt.rooms),
      money(rt.basePrice),
    ]);
    return {
      json: { data: roomTypes },
      text: formatTable(["ID", "NAME", "MAX ADULTS", "MAX CHILDREN", "MAX OCCUPANCY", "ADULTS INCLUDED", "EXTRA ADULT", "ROOMS", "BASE PRICE"], rows, `${property.slug} has no room types yet.`),
    };
  },
});

export const roomTypeUpdate = defineCommand({
  name: "room-type update",
  args: `ROOM_TYPE_ID [--name N] [--description D] [--max-adults A] [--price MINOR] [--rooms R] ${OCCUPANCY_ARGS}`,
  summary:
    "Change a room type; --price and --rooms apply to nights created later (change existing nights with rates set). When --max-adults changes, max occupancy and adults included not given follow it if they equalled it.",
  positionals: ["ROOM_TYPE_ID"],
  options: {
    name: { type: "string" },
    description: { type: "string" },
    "max-adults": { type: "string" },
    price: { type: "string" },
    rooms: { type: "string" },
    ...OCCUPANCY_OPTIONS,
  },
  parse(args) {
    const input = {
      id: args.id(0, "rt"),
      name: args.optionalString("name"),
      description: args.optionalString("description"),
      maxAdults: args.optionalWholeNumber("max-adults"),
      basePrice: args.optionalWholeNumber("price"),
      rooms: args.optionalWholeNumber("rooms"),
      ...occupancyOptions(args),
    };
    refuseProblems(validateRoomTypeUpdate(input).map((problem) => problem.message));
    return input;
  },
  async run({ db }, input) {
    const { roomType, changed } = await updateRoomType(db, { ...input, actor: ADMIN_CLI_ACTOR });
    return {
      json: { id: roomType.id, changed },
      text: changed.length ? `Updated room type "${roomType.name}" (${roomType.id}): ${changed.join(", ")}.` : `Room type "${roomType.name}" (${roomType.id}) already had those values: nothing changed.`,
    };
  },
});
