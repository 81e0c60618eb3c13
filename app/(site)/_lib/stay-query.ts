import { partyQueryOf } from "@/lib/guest-site/party-query";
import { roomPartiesOf } from "@/lib/guest-site/rooms-query";
import type { RoomsQuery } from "@/lib/guest-site/search-rooms";
import type { StayQuery } from "@/lib/guest-site/search-stays";

export type PageSearchParams = Record<string, string | string[] | undefined>;

/** One query parameter as the guest sent it (trimmed), or "" when absent or repeated. */
export const queryValue = (params: PageSearchParams, name: string) => (typeof params[name] === "string" ? (params[name] as string).trim() : "");

/** The stay in a results or booking page's URL, as given (dates, adults, children and each age): the partner API judges it. */
export const stayQueryOf = (params: PageSearchParams): StayQuery => ({
  checkin: queryValue(params, "checkin"),
  checkout: queryValue(params, "checkout"),
  ...partyQueryOf((name) => queryValue(params, name)),
});

/** The stay and every room's party in a results or booking page's URL (rooms-query.ts): one room when it names no other. */
export const roomsQueryOf = (params: PageSearchParams): RoomsQuery => ({
  checkin: queryValue(params, "checkin"),
  checkout: queryValue(params, "checkout"),
  rooms: roomPartiesOf((name) => queryValue(params, name)),
});
