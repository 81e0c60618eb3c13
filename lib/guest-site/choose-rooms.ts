import type { GuestWords } from "@/lib/i18n/guest-words";
import { CreateBookingSchema } from "@/lib/schemas/bookings";
import type { AvailabilityView } from "@/lib/schemas/availability";
import { childrenAgesOf } from "./party-query";
import { offerChoiceOf, roomField, roomPartiesOf, type OfferChoice } from "./rooms-query";
import type { SearchOutcome } from "./search-stays";

type Offer = AvailabilityView["roomTypes"][number];

/** A room chosen for a group: its room type's offer and the rate plan's, for its party and the stay. */
export type ChosenRoom = OfferChoice & {
  offer: Offer;
  plan: Offer["offers"][number];
  checkin: string;
  checkout: string;
  nights: number;
  adults: number;
  childrenAges: number[];
};

export type RoomsChoice =
  | { kind: "chosen"; rooms: ChosenRoom[] }
  /** Choose again: what is wrong with a room's choice, by its index (a room with nothing to choose from says why itself). */
  | { kind: "choose"; roomErrors: Record<number, string> };

/**
 * Each room's choice checked against its search now: the room type and rate plan must still be
 * offered for its party, and no room type chosen for more rooms than it has free. The group
 * booking decides in the end (all or none); this only spares the guest a refusal it can
 * foresee.
 */
export function chosenRoomsOf(rooms: readonly SearchOutcome[], choices: readonly (OfferChoice | null)[], words: GuestWords): RoomsChoice {
  const roomErrors: Record<number, string> = {};
  const taken = new Map<string, number>();
  const chosen: ChosenRoom[] = [];
  let complete = true;
  rooms.forEach((room, index) => {
    if (room.kind !== "offers") return void (complete = false);
    const choice = choices[index];
    if (!choice) return void (roomErrors[index] = words.t("rooms.chooseOne"));
    const offer = room.availability.roomTypes.find((r) => r.roomTypeId === choice.roomTypeId);
    const plan = offer?.offers.find((o) => o.ratePlanId === choice.ratePlanId);
    if (!offer || !plan) return void (roomErrors[index] = words.t("rooms.choiceGone"));
    const count = (taken.get(offer.roomTypeId) ?? 0) + 1;
    taken.set(offer.roomTypeId, count);
    if (count > offer.availableRooms) return void (roomErrors[index] = words.t("rooms.notEnough", { room: offer.name, count: offer.availableRooms }));
    const { checkin, checkout, nights, adults, childrenAges } = room.availability;
    chosen.push({ ...choice, offer, plan, checkin, checkout, nights, adults, childrenAges });
  });
  return complete && !Object.keys(roomErrors).length ? { kind: "chosen", rooms: chosen } : { kind: "choose", roomErrors };
}

/**
 * The rooms a details form carries (hidden fields: each room's party and chosen offer) as a
 * group's rooms, or null when the form is not whole: fewer than two rooms, or a room without
 * its offer, a whole number of adults the API takes, or each child's age.
 */
export function readChosenRooms(read: (field: string) => string, words: GuestWords): (OfferChoice & { adults: number; childrenAges: number[] })[] | null {
  const rooms = roomPartiesOf(read).map((party, index) => {
    const offer = offerChoiceOf(read(roomField(index, "offer")));
    const children = childrenAgesOf(party, words);
    const adults = CreateBookingSchema.shape.adults.safeParse(Number(party.adults));
    return offer && adults.success && "childrenAges" in children ? { ...offer, adults: adults.data, childrenAges: children.childrenAges } : null;
  });
  return rooms.length >= 2 && rooms.every((room) => room !== null) ? (rooms as NonNullable<(typeof rooms)[number]>[]) : null;
}
