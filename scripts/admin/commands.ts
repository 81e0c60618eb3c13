import { bookingGroupShow } from "./booking-group-commands";
import { check } from "./check-command";
import type { AdminCommand } from "./command";
import { engineDisable, engineEnable } from "./engine-commands";
import { guestErase, guestExport, guestRetention } from "./guest-commands";
import { keyCreate, keyList, keyRevoke, keyRotate } from "./key-commands";
import { UsageError } from "./parse-args";
import { propertyChildBands, propertyCreate, propertyList, propertyResetTest, propertySetPlan } from "./property-commands";
import { ratePlanCreate, ratePlanDeactivate, ratePlanList } from "./rate-plan-commands";
import { ratesSet } from "./rates-commands";
import { roomTypeCreate, roomTypeList, roomTypeUpdate } from "./room-type-commands";
import { staffCreate, staffResetSecondFactor, staffSetPassword } from "./staff-commands";
import {
  webhookCreate,
  webhookDelete,
  webhookDeliveries,
  webhookDisable,
  webhookEnable,
  webhookList,
  webhookReplay,
  webhookRotateSecret,
} from "./webhook-commands";

/** Every command, in the order help lists them. */
export const COMMANDS: readonly AdminCommand[] = [
  propertyCreate,
  propertySetPlan,
  propertyList,
  propertyResetTest,
  propertyChildBands,
  roomTypeCreate,
  roomTypeUpdate,
  roomTypeList,
  ratesSet,
  ratePlanCreate,
  ratePlanList,
  ratePlanDeactivate,
  engineEnable,
  engineDisable,
  keyCreate,
  keyRotate,
  keyRevoke,
  keyList,
  staffCreate,
  staffSetPassword,
  staffResetSecondFactor,
  webhookCreate,
  webhookList,
  webhookDisable,
  webhookEnable,
  webhookRotateSecret,
  webhookDelete,
  webhookDeliveries,
  webhookReplay,
  bookingGroupShow,
  guestExport,
  guestErase,
  guestRetention,
  check,
];

const LEADING_FLAGS = new Set(["--json", "--help", "-h"]);

export type Selection = { kind: "help"; json: boolean } | { kind: "command"; command: AdminCommand; argv: string[] };

/**
 * Finds the command the words name ("property create ...", or a one-word command such as
 * "check ..."); `help`, `--help` or `-h` in front select the usage listing. `--json` and
 * `--help` may also come before the words.
 */
export function selectCommand(argv: readonly string[], commands: readonly AdminCommand[] = COMMANDS): Selection {
  const leading: string[] = [];
  let index = 0;
  while (index < argv.length && LEADING_FLAGS.has(argv[index]!)) leading.push(argv[index++]!);
  const [group, action] = [argv[index], argv[index + 1]];
  const json = argv.includes("--json");
  const wantsHelp = leading.some((flag) => flag !== "--json");

  if (group === "help" || (group === undefined && wantsHelp)) return { kind: "help", json };
  if (group === undefined) throw new UsageError("no command given");
  if (group.startsWith("-")) throw new UsageError(`unknown option ${group} before the command`);
  const single = commands.find((command) => command.name === group);
  if (single) return { kind: "command", command: single, argv: [...leading, ...argv.slice(index + 1)] };

  const actions = commands.filter((command) => command.name.startsWith(`${group} `)).map((command) => command.name.slice(group.length + 1));
  if (!actions.length) throw new UsageError(`unknown command "${group}"`);
  if (action === undefined || action.startsWith("-")) {
    if (wantsHelp || action === "--help" || action === "-h") return { kind: "help", json };
    throw new UsageError(`${group}: give one of ${actions.join(", ")}`);
  }
  const command = commands.find((candidate) => candidate.name === `${group} ${action}`);
  if (!command) throw new UsageError(`unknown command "${group} ${action}"; ${group} takes ${actions.join(", ")}`);
  return { kind: "command", command, argv: [...leading, ...argv.slice(index + 2)] };
}
