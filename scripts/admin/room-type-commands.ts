import { formatMoney } from "@/lib/money/currency";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/rates/calendar-horizon";
import { createRoomType, validateRoomTypeInput } from "@/lib/room-types/create-room-type";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
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
    const roomType = await createRoomType(db, { ...input, propertyId: property.id });
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
