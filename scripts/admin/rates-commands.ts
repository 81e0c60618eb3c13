import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { refusePastNights } from "@/lib/rates/refuse-past-nights";
import { setRates, validateRatesInput } from "@/lib/rates/set-rates";
import { defineCommand, refuseProblems } from "./command";
import { type CommandArgs, UsageError } from "./parse-args";

/** --NAME true|false, or undefined when not given. */
function optionalTrueFalse(args: CommandArgs, name: string): boolean | undefined {
  const value = args.optionalString(name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw new UsageError(`--${name} must be true or false, not "${value}"`);
  return value === "true";
}

/** --max-stay N, or none (null: no maximum). */
function optionalMaxStay(args: CommandArgs): number | null | undefined {
  const value = args.optionalString("max-stay");
  if (value === undefined || value === "none") return value === "none" ? null : undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-stay must be a whole number of nights or none, not "${value}"`);
  return args.optionalWholeNumber("max-stay");
}

export const ratesSet = defineCommand({
  name: "rates set",
  args: "ROOM_TYPE_ID --from YYYY-MM-DD --to YYYY-MM-DD [--price MINOR] [--rooms R] [--closed|--open] [--min-stay N] [--max-stay N|none] [--closed-to-arrival true|false] [--closed-to-departure true|false]",
  summary:
    "Set price, rooms for sale, closed and/or the stay restrictions for every night from --from to --to, both included (rooms never drop below rooms sold; nights before today at the property are refused). Min and max stay govern stays arriving on the night.",
  positionals: ["ROOM_TYPE_ID"],
  options: {
    from: { type: "string" },
    to: { type: "string" },
    price: { type: "string" },
    rooms: { type: "string" },
    closed: { type: "boolean" },
    open: { type: "boolean" },
    "min-stay": { type: "string" },
    "max-stay": { type: "string" },
    "closed-to-arrival": { type: "string" },
    "closed-to-departure": { type: "string" },
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
      minStay: args.optionalWholeNumber("min-stay"),
      maxStay: optionalMaxStay(args),
      closedToArrival: optionalTrueFalse(args, "closed-to-arrival"),
      closedToDeparture: optionalTrueFalse(args, "closed-to-departure"),
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
