"use server";

import { notFound } from "next/navigation";
import { FOLLOWING_FIELDS, type RoomTypeFormState, VIEW_ONLY } from "@/components/panel/rooms-form-states";
import { getDb } from "@/lib/db";
import { formatMoney } from "@/lib/money/currency";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/room-types/calendar-horizon";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { PropertyIdSchema, RoomTypeIdSchema } from "@/lib/schemas/common";
import { authorizeAction } from "../../_lib/panel-session";
import { runPanelAction } from "../../_lib/run-panel-action";
import { readRoomTypeForm, roomTypeRefusal } from "./room-type-form-input";
import { staffActor } from "@/lib/staff/staff-actor";

const FIELD_WORDS = { maxOccupancy: "max occupancy", adultsIncluded: "adults included" } as const;

/** The signed-in admin of the form's property and its currency; a property id edited into the form is "not found". */
async function authorizeRoomsForm(form: FormData) {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage");
  const property = await getDb().property.findUniqueOrThrow({ where: { id: propertyId.data }, select: { id: true, currency: true } });
  return { property, actor: staffActor(staff), refused: Boolean(error) };
}

/** Add a room type (admins): the same createRoomType as `room-type create`. */
export async function createRoomTypeAction(_previous: RoomTypeFormState, form: FormData): Promise<RoomTypeFormState> {
  const { property, actor, refused } = await authorizeRoomsForm(form);
  const { values, fields, refusal } = readRoomTypeForm(form, property.currency);
  if (refused) return { values, error: VIEW_ONLY };
  if (!fields) return refusal!;
  return runPanelAction<RoomTypeFormState>("/rooms", async () => {
    const roomType = await createRoomType(getDb(), { propertyId: property.id, ...fields, actor }).catch((error: unknown) => roomTypeRefusal(error, values));
    if (!("id" in roomType)) return roomType;
    const price = formatMoney({ amount: roomType.basePrice, currency: property.currency });
    return { done: `Added ${roomType.name}: ${roomType.rooms} rooms for sale at ${price} a night, from today for ${CALENDAR_HORIZON_NIGHTS} nights.` };
  });
}

/**
 * Save a room type's fields (admins): the same updateRoomType as `room-type update`. Max occupancy
 * and adults included left as shown are not given, so they follow max adults by its rule; a
 * conflict with the stored values comes back beside its field.
 */
export async function updateRoomTypeAction(_previous: RoomTypeFormState, form: FormData): Promise<RoomTypeFormState> {
  const { property, actor, refused } = await authorizeRoomsForm(form);
  const roomTypeId = RoomTypeIdSchema.safeParse(form.get("roomTypeId"));
  if (!roomTypeId.success) notFound();
  const { values, fields, refusal } = readRoomTypeForm(form, property.currency);
  if (refused) return { values, error: VIEW_ONLY };
  if (!fields) return refusal!;
  return runPanelAction<RoomTypeFormState>("/rooms", async () => {
    const updated = await updateRoomType(getDb(), { id: roomTypeId.data, propertyId: property.id, ...fields, actor }).catch((error: unknown) => roomTypeRefusal(error, values));
    if (!("changed" in updated)) return updated;
    const { roomType, changed } = updated;
    if (!changed.length) return { done: `${roomType.name} already had those values: nothing changed.` };
    const later = changed.some((field) => field === "basePrice" || field === "rooms") ? " The base price and rooms apply to nights created later: change nights already in the calendar with bulk edit." : "";
    const followed = FOLLOWING_FIELDS.filter((field) => changed.includes(field) && fields[field] === undefined).map((field) => FIELD_WORDS[field]).join(" and ");
    const follow = followed ? ` ${followed.charAt(0).toUpperCase()}${followed.slice(1)} followed max adults (${roomType.maxAdults}).` : "";
    return { done: `Saved ${roomType.name}.${follow}${later}` };
  });
}
