import { isId } from "@/lib/ids";
import { partyParams, partyQueryOf, type PartyQuery } from "./party-query";

/**
 * Several rooms in one search or booking, as a link or a form carries them: `rooms` (1 to
 * MAX_ROOMS), then each room's party. The first room's fields are the single-room search's
 * (adults, children, age1...), so a link from before rooms came still means one room; room k
 * (from 2) has the same fields under `room{k}.` (room2.adults, room2.children, room2.age1...).
 * The offer chosen for each room (results to details) is its `offer` field:
 * "{roomTypeId}:{ratePlanId}". All as typed: the API judges the parties.
 */
export const MAX_ROOMS = 5;

/** A room's field: the first room's as a single room's, room k's (index k-1) under `room{k}.`. */
export const roomField = (index: number, name: string) => (index === 0 ? name : `room${index + 1}.${name}`);

/** A field error of one room's search under the form's name for it: the stay's dates are every room's, the party's fields the room's own. */
export const roomFormField = (index: number, field: string) => (field === "checkin" || field === "checkout" ? field : roomField(index, field));

/** How many rooms a query asks for: its `rooms` when 1 to MAX_ROOMS, else 1 (a link without it is one room's). */
export function roomsCountOf(rooms: string): number {
  const count = rooms.trim();
  return /^\d$/.test(count) && Number(count) >= 1 && Number(count) <= MAX_ROOMS ? Number(count) : 1;
}

/** Each room's party, read from a query or a form (`read` answers "" for a field not there). */
export function roomPartiesOf(read: (field: string) => string): Required<PartyQuery>[] {
  return Array.from({ length: roomsCountOf(read("rooms")) }, (_, index) => partyQueryOf((name) => read(roomField(index, name))));
}

/** Whether a room was just added without JavaScript: it has no fields yet (the form shows them before anything is searched). */
export const roomsJustAdded = (rooms: readonly PartyQuery[]) => rooms.some((party) => !party.adults && !party.children);

/** Each room's search errors (by its own fields; none for a room without), under the form's names: one message per field. */
export function roomsFieldErrors(errorsByRoom: readonly (Record<string, string> | undefined)[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  errorsByRoom.forEach((errors, index) => {
    for (const [field, message] of Object.entries(errors ?? {})) fieldErrors[roomFormField(index, field)] ??= message;
  });
  return fieldErrors;
}

/** A search for several rooms as typed (dates and each room's party), as a link's query: back to its results. */
export function roomsQueryParams(query: { checkin: string; checkout: string; rooms: readonly Required<PartyQuery>[] }): Record<string, string> {
  return { checkin: query.checkin, checkout: query.checkout, ...roomsParams(query.rooms.map((party) => ({ adults: party.adults, childrenAges: party.ages }))) };
}

/** Each room's party as the fields of a link or a form's hidden inputs: `rooms` when more than one, and every room's party. */
export function roomsParams(parties: readonly { adults: number | string; childrenAges: readonly (number | string)[] }[]): Record<string, string> {
  const params: Record<string, string> = parties.length > 1 ? { rooms: String(parties.length) } : {};
  parties.forEach((party, index) => {
    for (const [name, value] of Object.entries(partyParams(party))) params[roomField(index, name)] = value;
  });
  return params;
}

/** An offer chosen for a room: its room type and rate plan, as one form value. */
export type OfferChoice = { roomTypeId: string; ratePlanId: string };

export const offerValue = (choice: OfferChoice) => `${choice.roomTypeId}:${choice.ratePlanId}`;

/** The offer a room's `offer` field names, or null when it names none. */
export function offerChoiceOf(value: string): OfferChoice | null {
  const [roomTypeId, ratePlanId, ...rest] = value.trim().split(":");
  return isId("rt", roomTypeId) && isId("rp", ratePlanId) && !rest.length ? { roomTypeId, ratePlanId } : null;
}

/** Rooms chosen for a stay, as the fields a details form carries: the dates, each room's party and each room's offer. */
export function chosenRoomsParams(stay: { checkin: string; checkout: string }, rooms: readonly (OfferChoice & { adults: number; childrenAges: readonly number[] })[]): Record<string, string> {
  const offers = Object.fromEntries(rooms.map((room, index) => [roomField(index, "offer"), offerValue(room)]));
  return { checkin: stay.checkin, checkout: stay.checkout, ...roomsParams(rooms), ...offers };
}
