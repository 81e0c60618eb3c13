import type { Clock } from "@/lib/clock";
import { anonymiseBookings, type ErasureWay } from "@/lib/bookings/anonymise-booking";
import type { BookingActor } from "@/lib/bookings/booking-actor";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { devMailboxDir, forgetDevMailboxMessagesTo } from "@/lib/mail/dev-mailbox";
import type { PropertyClockFacts } from "@/lib/properties/property-today";
import { findGuestBookings, findGuestGroups, guestEmailHash } from "./guest-bookings";

/**
 * What erasing a guest did: the references of the bookings erased and of the groups whose booker
 * it erased, and those refused because their stay has not ended.
 */
export type GuestErasure = { erased: string[]; notEnded: { reference: string; checkout: CalendarDate }[] };

/**
 * A guest's request to be forgotten (GDPR article 17), by e-mail (any capitals): every booking of
 * the property with it whose stay has ended is anonymised (anonymiseBookings: one transaction,
 * one audit entry with the SHA-256 of the address, never the address), and so is the booker of
 * every group booked with it (anonymiseGroupBooker: the rooms' other guests stay); those not
 * ended are refused and named. The development mailbox's messages to the address go too. Asking again
 * erases nothing more.
 */
export async function eraseGuest(
  db: Db,
  options: { property: PropertyClockFacts & { id: string }; email: string; actor: BookingActor; way: ErasureWay; clock?: Clock; mailboxDir?: string },
): Promise<GuestErasure> {
  const { property, actor, way } = options;
  const [bookings, groups] = await Promise.all([findGuestBookings(db, property.id, options.email), findGuestGroups(db, property.id, options.email)]);
  const outcomes = await anonymiseBookings(db, {
    property,
    bookingIds: bookings.map((booking) => booking.id),
    bookerOfGroupIds: groups.map((group) => group.id),
    actor,
    way,
    emailHash: guestEmailHash(options.email),
    clock: options.clock,
  });
  await forgetDevMailboxMessagesTo(options.mailboxDir ?? devMailboxDir(), options.email);
  const asked = [...bookings, ...groups];
  const answered = [...outcomes.bookings, ...outcomes.groupBookers];
  return {
    erased: asked.filter((_, i) => answered[i]!.kind === "anonymised").map((record) => record.reference),
    notEnded: asked.flatMap((record, i) => (answered[i]!.kind === "not_ended" ? [{ reference: record.reference, checkout: record.stay.checkout }] : [])),
  };
}

/**
 * An erasure in words, as the panel and the admin CLI say it: what was erased, and (when any)
 * what was refused and why; `formatDate` writes a checkout (the CLI keeps YYYY-MM-DD).
 */
export function describeErasure(erasure: GuestErasure, formatDate: (date: CalendarDate) => string = (date) => date): { done: string; refused?: string } {
  const { erased, notEnded } = erasure;
  const done = erased.length ? `Erased the guest from ${erased.length} booking${erased.length === 1 ? "" : "s"}: ${erased.join(", ")}.` : "Erased no booking.";
  if (!notEnded.length) return { done };
  const refused = notEnded.map((booking) => `${booking.reference} (check-out ${formatDate(booking.checkout)})`).join(", ");
  return { done, refused: `Not erased, their stay has not ended (cancel them first, or wait for check-out): ${refused}.` };
}
