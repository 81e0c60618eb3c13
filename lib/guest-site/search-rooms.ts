import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { GuestWords } from "@/lib/i18n/guest-words";
import type { PartyQuery } from "./party-query";
import { roomsFieldErrors } from "./rooms-query";
import { searchStays, type SearchOutcome } from "./search-stays";

/** Several rooms as the guest asked for them: one stay (dates), and each room's party as typed. */
export type RoomsQuery = { checkin: string; checkout: string; rooms: Required<PartyQuery>[] };

export type RoomsSearchOutcome =
  /** By the form's field: checkin, checkout, and each room's (adults, room2.age1...). */
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  /** Each room's search (offers, or why none), in the rooms' order. */
  | { kind: "rooms"; rooms: SearchOutcome[] }
  | { kind: "unreachable" };

/**
 * A search for several rooms at once: each room's party searched as a single room's is
 * (searchStays: the API's availability, priced for that party), a party asked for once however
 * many rooms it fills. Whether the rooms chosen can all be had together is the group booking's
 * to say (all or none).
 */
export async function searchRooms(client: PartnerClient, query: RoomsQuery, today: string, words: GuestWords): Promise<RoomsSearchOutcome> {
  const searches = new Map<string, Promise<SearchOutcome>>();
  const rooms = await Promise.all(
    query.rooms.map((party) => {
      const key = JSON.stringify(party);
      if (!searches.has(key)) searches.set(key, searchStays(client, { checkin: query.checkin, checkout: query.checkout, ...party }, today, words));
      return searches.get(key)!;
    }),
  );
  if (rooms.some((room) => room.kind === "unreachable")) return { kind: "unreachable" };
  const fieldErrors = roomsFieldErrors(rooms.map((room) => (room.kind === "invalid" ? room.fieldErrors : undefined)));
  return Object.keys(fieldErrors).length ? { kind: "invalid", fieldErrors } : { kind: "rooms", rooms };
}
