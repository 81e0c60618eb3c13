import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { formatMoney } from "@/lib/money/currency";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/room-types/calendar-horizon";
import { createRoomType, validateRoomTypeInput } from "@/lib/room-types/create-room-type";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { updateRoomType, validateRoomTypeUpdate } from "@/lib/room-types/update-room-type";
import { defineCommand, refuseProblems } from "./command";
import { formatTable } from "./output";

export const roomTypeCreate = defineCommand({
  name: "room-type create",
  args: "SLUG --name N --max-adults A --rooms R --price MINOR [--description D]",
  summary: `Create a room type with R rooms for sale at MINOR (minor units) a night, from today for ${CALENDAR_HORIZON_NIGHTS} nights.`,
  positionals: ["SLUG"],
  options: {
    name: { type: "string" },
    "max-adults": { type: "string" },
    rooms: { type: "string" },
    price: { type: "string" },
    description: { type: "string" },
  },
  parse(args) {
    const input = {
      slug: args.slug(0),
      name: args.string("name"),
      maxAdults: args.wholeNumber("max-adults"),
      rooms: args.wholeNumber("rooms"),
      basePrice: args.wholeNumber("price"),
      description: args.optionalString("description"),
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
      text: `Created room type "${roomType.name}" (${roomType.id}) at ${property.slug}: ${roomType.rooms} rooms at ${price} a night for the next ${CALENDAR_HORIZON_NIGHTS} nights.`,
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
    const rows = roomTypes.map((rt) => [rt.id, rt.name, String(rt.maxAdults), String(rt.rooms), formatMoney({ amount: rt.basePrice, currency: property.currency })]);
    return {
      json: { data: roomTypes },
      text: formatTable(["ID", "NAME", "MAX ADULTS", "ROOMS", "BASE PRICE"], rows, `${property.slug} has no room types yet.`),
    };
  },
});

export const roomTypeUpdate = defineCommand({
  name: "room-type update",
  args: "ROOM_TYPE_ID [--name N] [--description D] [--max-adults A] [--price MINOR] [--rooms R]",
  summary: "Change a room type; --price and --rooms apply to nights created later (change existing nights with rates set).",
  positionals: ["ROOM_TYPE_ID"],
  options: {
    name: { type: "string" },
    description: { type: "string" },
    "max-adults": { type: "string" },
    price: { type: "string" },
    rooms: { type: "string" },
  },
  parse(args) {
    const input = {
      id: args.id(0, "rt"),
      name: args.optionalString("name"),
      description: args.optionalString("description"),
      maxAdults: args.optionalWholeNumber("max-adults"),
      basePrice: args.optionalWholeNumber("price"),
      rooms: args.optionalWholeNumber("rooms"),
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
