import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { refusePastNights } from "@/lib/rates/refuse-past-nights";
import { setRates, validateRatesInput } from "@/lib/rates/set-rates";
import { defineCommand, refuseProblems } from "./command";
import { UsageError } from "./parse-args";

export const ratesSet = defineCommand({
  name: "rates set",
  args: "ROOM_TYPE_ID --from YYYY-MM-DD --to YYYY-MM-DD [--price MINOR] [--rooms R] [--closed|--open]",
  summary:
    "Set price, rooms for sale and/or closed for every night from --from to --to, both included (rooms never drop below rooms sold; nights before today at the property are refused).",
  positionals: ["ROOM_TYPE_ID"],
  options: {
    from: { type: "string" },
    to: { type: "string" },
    price: { type: "string" },
    rooms: { type: "string" },
    closed: { type: "boolean" },
    open: { type: "boolean" },
  },
  parse(args) {
    if (args.flag("closed") && args.flag("open")) throw new UsageError("give --closed or --open, not both");
    const input = {
      roomTypeId: args.id(0, "rt"),
      from: args.string("from"),
      to: args.string("to"),
      price: args.optionalWholeNumber("price"),
      rooms: args.optionalWholeNumber("rooms"),
      closed: args.flag("closed") ? true : args.flag("open") ? false : undefined,
    };
    refuseProblems(validateRatesInput(input));
    return input;
  },
  async run({ db }, input) {
    await refusePastNights(db, { roomTypeId: input.roomTypeId, from: input.from });
    const result = await setRates(db, { ...input, actor: ADMIN_CLI_ACTOR });
    const heldBack = result.keptAboveSold
      ? ` On ${result.keptAboveSold} of them rooms for sale were kept at the rooms already sold: ${result.keptAboveSoldNights.join(", ")}.`
      : "";
    return {
      json: { roomTypeId: result.roomTypeId, nights: result.nights, keptAboveSold: result.keptAboveSold },
      text: `Updated ${result.nights} night(s) of ${result.roomTypeId} from ${input.from} to ${input.to}.${heldBack}`,
    };
  },
});
