import { findBookingGroupByReference } from "@/lib/bookings/find-booking-groups";
import { DomainError } from "@/lib/errors";
import { isBookingReference } from "@/lib/ids";
import { guestWords } from "@/lib/i18n/guest-words";
import { formatMoney as money } from "@/lib/money/currency";
import { defineCommand } from "./command";
import { UsageError } from "./parse-args";

/** "2 adults, 1 child (6)": the words the guest e-mails use, in English. */
const party = guestWords("en").party;

export const bookingGroupShow = defineCommand({
  name: "booking-group show",
  args: "REFERENCE",
  summary: "Show a booking group by its reference (HVH-K4M9RT): its booker, stay, status and total, and each room with its party, guest, price and state.",
  positionals: ["REFERENCE"],
  parse(args) {
    const reference = args.positional(0).trim().toUpperCase();
    if (!isBookingReference(reference)) throw new UsageError(`"${reference}" is not a booking reference (such as HVH-K4M9RT)`);
    return { reference };
  },
  async run({ db }, { reference }) {
    const found = await findBookingGroupByReference(db, reference);
    if (!found) throw new DomainError("not_found", `no booking group with reference ${reference}`);
    const { group, propertyName, roomTypeNames } = found;
    const { booker } = group;
    const rooms = group.bookings.map((booking, index) => {
      const fee = booking.cancellationFee ? `, cancelled (fee ${money(booking.cancellationFee)})` : "";
      return `  Room ${index + 1}: ${booking.reference} ${roomTypeNames[booking.roomTypeId] ?? booking.roomTypeId}, ${party(booking)}, ${booking.guest.firstName} ${booking.guest.lastName} <${booking.guest.email}>, ${money(booking.price)}, ${booking.ratePlan.name}${fee}${booking.status === "cancelled" && !fee ? ", cancelled" : ""}`;
    });
    return {
      json: { property: propertyName, ...group },
      text: [
        `Booking group ${group.reference} at ${propertyName}: ${group.status.replace("_", " ")}`,
        `Booker: ${booker.firstName} ${booker.lastName} <${booker.email}>`,
        `Stay: ${group.checkin} to ${group.checkout} (${group.nights} ${group.nights === 1 ? "night" : "nights"})`,
        `Total: ${money(group.price.total)}${group.cancellationFee ? `; cancellation fees ${money(group.cancellationFee)}` : ""}`,
        ...rooms,
      ].join("\n"),
    };
  },
});
