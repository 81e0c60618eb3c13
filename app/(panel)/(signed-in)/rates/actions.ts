"use server";

import { notFound } from "next/navigation";
import { z } from "zod";
import type { BulkEditState, BulkEditValues } from "@/components/panel/rates-form-states";
import { VIEW_ONLY } from "@/components/panel/rooms-form-states";
import { isCalendarDate } from "@/lib/dates/calendar-date";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { parseMoney } from "@/lib/money/currency";
import { refusePastNights } from "@/lib/rates/refuse-past-nights";
import { setRates } from "@/lib/rates/set-rates";
import type { IsoWeekday } from "@/lib/rates/weekdays";
import { PropertyIdSchema, RoomTypeIdSchema } from "@/lib/schemas/common";
import { authorizeAction } from "../../_lib/panel-session";
import { runPanelAction } from "../../_lib/run-panel-action";
import { asSentence } from "@/lib/text/as-sentence";
import { staffActor } from "@/lib/staff/staff-actor";

const Ids = z.object({ propertyId: PropertyIdSchema, roomTypeId: RoomTypeIdSchema });

const BulkEditForm = z.object({
  from: z.string().refine(isCalendarDate, "Choose the first night."),
  to: z.string().refine(isCalendarDate, "Choose the last night."),
  weekdays: z.array(z.enum(["1", "2", "3", "4", "5", "6", "7"], "Choose weekdays from Monday to Sunday.")).transform((days) => days.map(Number) as IsoWeekday[]),
  price: z.string().trim(),
  rooms: z.string().trim().regex(/^(\d{1,5})?$/, "Enter a whole number of rooms, e.g. 5, or leave it empty."),
  state: z.enum(["keep", "close", "open"], "Choose leave, close or open."),
  minStay: z.string().trim().regex(/^(\d{1,2})?$/, "Enter a whole number of nights, e.g. 3, or leave it empty."),
  maxStay: z.string().trim().regex(/^(\d{1,2})?$/, "Enter a whole number of nights, e.g. 7, or leave it empty."),
  clearMaxStay: z.enum(["", "on"]),
  arrival: z.enum(["keep", "close", "open"], "Choose leave, close or open to arrival."),
  departure: z.enum(["keep", "close", "open"], "Choose leave, close or open to departure."),
});

/** keep, close, open as a setRates flag: unchanged, true (closed), false (open). */
const flag = (choice: "keep" | "close" | "open") => (choice === "keep" ? undefined : choice === "close");

/** Bulk edit (admins): one setRates call, the same as `rates set`, after the same refusal of past nights. */
export async function setRatesAction(_previous: BulkEditState, form: FormData): Promise<BulkEditState> {
  const ids = Ids.safeParse({ propertyId: form.get("propertyId"), roomTypeId: form.get("roomTypeId") });
  if (!ids.success) notFound(); // an id edited into the form: as unknown as any other
  const { propertyId, roomTypeId } = ids.data;
  const text = (name: string) => String(form.get(name) ?? "");
  const values: BulkEditValues = {
    from: text("from"),
    to: text("to"),
    weekdays: form.getAll("weekdays").map(String),
    price: text("price"),
    rooms: text("rooms"),
    state: text("state") || "keep",
    minStay: text("minStay"),
    maxStay: text("maxStay"),
    clearMaxStay: text("clearMaxStay"),
    arrival: text("arrival") || "keep",
    departure: text("departure") || "keep",
  };
  const { staff, error } = await authorizeAction(propertyId, "manage");
  if (error) return { values, error: VIEW_ONLY };
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: propertyId }, select: { currency: true } });

  const fieldErrors: NonNullable<BulkEditState["fieldErrors"]> = {};
  const parsed = BulkEditForm.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof BulkEditValues] ??= issue.message;
  const price = values.price.trim() === "" ? undefined : parseMoney(values.price, property.currency);
  if (price && !price.ok) fieldErrors.price ??= price.message;
  if (parsed.success && parsed.data.maxStay !== "" && parsed.data.clearMaxStay === "on") fieldErrors.maxStay = "Enter a max stay or remove it, not both.";
  if (!parsed.success || (price && !price.ok) || fieldErrors.maxStay) return { values, fieldErrors, error: "Check the highlighted fields." };
  const fields = parsed.data;
  // Each left out when left as it is: setRates keeps it.
  const changes = {
    ...(price?.ok ? { price: price.amount } : {}),
    ...(fields.rooms !== "" ? { rooms: Number(fields.rooms) } : {}),
    ...(fields.state !== "keep" ? { closed: fields.state === "close" } : {}),
    ...(fields.minStay !== "" ? { minStay: Number(fields.minStay) } : {}),
    ...(fields.maxStay !== "" ? { maxStay: Number(fields.maxStay) } : fields.clearMaxStay === "on" ? { maxStay: null } : {}),
    ...(flag(fields.arrival) !== undefined ? { closedToArrival: flag(fields.arrival) } : {}),
    ...(flag(fields.departure) !== undefined ? { closedToDeparture: flag(fields.departure) } : {}),
  };
  const input = { roomTypeId, propertyId, from: fields.from, to: fields.to, ...(fields.weekdays.length ? { weekdays: fields.weekdays } : {}), ...changes };
  if (!Object.keys(changes).length) {
    return { values, error: "Nothing to change: set a price, rooms for sale, close or open the nights, or a stay restriction." };
  }

  return runPanelAction<BulkEditState>("/rates", async () => {
    try {
      await refusePastNights(db, { roomTypeId, propertyId, from: input.from });
    } catch (failure) {
      if (!isDomainError(failure, "conflict")) throw failure;
      return { values, fieldErrors: { from: asSentence(failure.message) }, error: "Check the highlighted fields." };
    }
    try {
      const result = await setRates(db, { ...input, actor: staffActor(staff) });
      const nights = result.nights === 1 ? "1 night" : `${result.nights} nights`;
      return { done: `Updated ${nights} from ${input.from} to ${input.to}.`, keptAboveSoldNights: result.keptAboveSoldNights };
    } catch (failure) {
      if (!isDomainError(failure, "invalid_argument")) throw failure;
      return { values, error: asSentence(failure.message) };
    }
  });
}
