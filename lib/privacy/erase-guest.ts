import { createHash } from "node:crypto";
import type { Clock } from "@/lib/clock";
import { anonymiseBookings, type ErasureWay } from "@/lib/bookings/anonymise-booking";
import type { BookingActor } from "@/lib/bookings/booking-actor";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { devMailboxDir, forgetDevMailboxMessagesTo } from "@/lib/mail/dev-mailbox";
import type { PropertyClockFacts } from "@/lib/properties/property-today";
import { findGuestBookings, guestEmailKey } from "./guest-bookings";

/** What erasing a guest did: the bookings erased, and those refused because their stay has not ended. */
export type GuestErasure = { erased: string[]; notEnded: { reference: string; checkout: CalendarDate }[] };

/**
 * A guest's request to be forgotten (GDPR article 17), by e-mail (any capitals): every booking of
 * the property with it whose stay has ended is anonymised (anonymiseBookings: one transaction,
 * one audit entry with the SHA-256 of the address, never the address); those not ended are
 * refused and named. The development mailbox's messages to the address go too. Asking again
 * erases nothing more.
 */
export async function eraseGuest(
  db: Db,
  options: { property: PropertyClockFacts & { id: string }; email: string; actor: BookingActor; way: ErasureWay; clock?: Clock; mailboxDir?: string },
): Promise<GuestErasure> {
  const { property, actor, way } = options;
  const bookings = await findGuestBookings(db, property.id, options.email);
  const outcomes = await anonymiseBookings(db, {
    property,
    bookingIds: bookings.map((booking) => booking.id),
    actor,
    way,
    emailHash: createHash("sha256").update(guestEmailKey(options.email)).digest("hex"),
    clock: options.clock,
  });
  await forgetDevMailboxMessagesTo(options.mailboxDir ?? devMailboxDir(), options.email);
  return {
    erased: bookings.filter((_, i) => outcomes[i]!.kind === "anonymised").map((booking) => booking.reference),
    notEnded: bookings.flatMap((booking, i) => (outcomes[i]!.kind === "not_ended" ? [{ reference: booking.reference, checkout: booking.stay.checkout }] : [])),
  };
}
