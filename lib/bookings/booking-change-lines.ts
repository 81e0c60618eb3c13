import { formatMoney } from "@/lib/money/currency";
import { formatDate, formatNight } from "@/lib/dates/format-calendar-date";
import type { BookingChangePrevious } from "@/lib/schemas/bookings";

/** What a line tells: a recorded field, the guest's name and e-mail apart. */
export type BookingChangeLineField = "checkin" | "checkout" | "nights" | "roomTypeId" | "adults" | "childrenAges" | "guestName" | "guestEmail" | "externalReference" | "price" | "nightly";

/** One thing a change changed, in words for staff: "Check-in: 4 Dec 2026 → 5 Dec 2026". */
export type BookingChangeLine = { field: BookingChangeLineField; label: string; from: string; to: string };

export type ChangeLineContext = {
  /** The booking's currency (nightly amounts carry none). */
  currency: string;
  /** The property's room type names by id; an id it no longer has is shown as it is. */
  roomTypeNames: ReadonlyMap<string, string>;
};

type Guest = NonNullable<BookingChangePrevious["guest"]>;
type Line = { field: BookingChangeLineField; label: string; show: (fields: BookingChangePrevious, context: ChangeLineContext) => string | undefined };

const fullName = (guest: Guest | undefined) => (guest ? `${guest.firstName} ${guest.lastName}` : undefined);

/** In the order staff read a booking: the stay, the room, the guest, the reference, then the money. */
const LINES: Line[] = [
  { field: "checkin", label: "Check-in", show: (f) => f.checkin && formatDate(f.checkin) },
  { field: "checkout", label: "Check-out", show: (f) => f.checkout && formatDate(f.checkout) },
  { field: "nights", label: "Nights", show: (f) => f.nights?.toString() },
  { field: "roomTypeId", label: "Room type", show: (f, c) => f.roomTypeId && (c.roomTypeNames.get(f.roomTypeId) ?? f.roomTypeId) },
  { field: "adults", label: "Adults", show: (f) => f.adults?.toString() },
  { field: "childrenAges", label: "Children (ages)", show: (f) => f.childrenAges && (f.childrenAges.length ? `${f.childrenAges.length} (${f.childrenAges.join(", ")})` : "none") },
  { field: "guestName", label: "Guest name", show: (f) => fullName(f.guest) },
  { field: "guestEmail", label: "Guest e-mail", show: (f) => f.guest?.email },
  { field: "externalReference", label: "Partner reference", show: (f) => (f.externalReference === undefined ? undefined : (f.externalReference ?? "none")) },
  { field: "price", label: "Price", show: (f) => f.price && formatMoney(f.price) },
  {
    field: "nightly",
    label: "Price of each night",
    show: (f, c) => f.nightly?.map((night) => `${formatNight(night.date)} ${formatMoney({ amount: night.amount, currency: c.currency })}`).join(", "),
  },
];

/**
 * What a change changed, field by field from → to, as the booking's history and the panel's
 * preview show it: dates as the panel shows them, room types by name, money in the currency.
 * `previous` and `current` are a change's recorded fields (describeChange); a field shown the
 * same on both sides (the guest's e-mail when only the name changed) is left out.
 */
export function bookingChangeLines(previous: BookingChangePrevious, current: BookingChangePrevious, context: ChangeLineContext): BookingChangeLine[] {
  return LINES.flatMap(({ field, label, show }) => {
    const from = show(previous, context);
    const to = show(current, context);
    if (from === undefined || to === undefined || from === to) return [];
    return [{ field, label, from, to }];
  });
}
