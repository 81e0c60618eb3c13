import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { systemClock, type Clock } from "@/lib/clock";
import { toBookingView } from "@/lib/bookings/booking-view";
import type { Db } from "@/lib/db";
import type { BookingView } from "@/lib/schemas/bookings";
import { findGuestBookings, findGuestGroups, guestEmailHash, guestEmailKey } from "./guest-bookings";

type SentEmail = { about: string; to: string; status: string; sentAt: string | null; message: unknown };

/**
 * What the hotel holds about a guest (GDPR article 15): each booking, its history and the e-mails
 * sent about it; each group they booked (for themselves or others) and the e-mails sent to them about it.
 */
export type GuestDataExport = {
  email: string;
  property: { name: string; slug: string };
  exportedAt: string;
  bookings: (BookingView & {
    /** What the desk recorded beside it (never in the partner API). */
    desk: { guestPhone: string | null; staffNote: string | null };
    history: { kind: string; at: string; by: string; before: unknown; after: unknown }[];
    emails: SentEmail[];
  })[];
  groups: {
    id: string;
    reference: string;
    booker: { firstName: string; lastName: string; email: string; language?: string };
    checkin: string;
    checkout: string;
    externalReference: string | null;
    createdAt: string;
    roomReferences: string[];
    emails: SentEmail[];
  }[];
};

/**
 * Everything the property holds about the guest with this e-mail (any capitals), as one JSON
 * document: their bookings as the API shows them with the desk's phone and note, each change
 * with its fields before and after and who made it, and each e-mail sent about them in the order
 * of the events it told (the test mailbox's copy included); and each booking group they booked,
 * with the e-mails sent to them about its rooms (its rooms' other guests are not theirs: only the rooms' references). It changes
 * nothing, and is audited (guest_data_exported: who, which way, how many bookings and groups, the
 * SHA-256 of the address, never the data).
 */
export async function exportGuestData(
  db: Db,
  options: { property: { id: string; name: string; slug: string }; email: string; actor: Actor; way: "panel" | "cli"; clock?: Clock },
): Promise<GuestDataExport> {
  const { property } = options;
  const [bookings, groups] = await Promise.all([findGuestBookings(db, property.id, options.email), findGuestGroups(db, property.id, options.email)]);
  const ids = bookings.map((booking) => booking.id);
  const groupIds = groups.map((group) => group.id);
  const [history, emails] = await Promise.all([
    db.bookingHistoryEntry.findMany({ where: { bookingId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.$queryRaw<{ booking_id: string; group_id: string | null; type: string; recipient: string; status: string; sent_at: Date | null; kept_message: unknown }[]>`
      SELECT e.booking_id, b.group_id, e.type, g.recipient, g.status::text AS status, g.sent_at, g.kept_message
      FROM guest_emails g JOIN events e ON e.id = g.event_id JOIN bookings b ON b.id = e.booking_id
      WHERE g.property_id = ${property.id}
        AND (e.booking_id = ANY(${ids}::text[]) OR (b.group_id = ANY(${groupIds}::text[]) AND lower(g.recipient) = ${guestEmailKey(options.email)}))
      ORDER BY e.sequence`,
  ]);
  const sent = (email: (typeof emails)[number]): SentEmail => ({
    about: email.type,
    to: email.recipient,
    status: email.status,
    sentAt: email.sent_at?.toISOString() ?? null,
    message: email.kept_message,
  });
  await recordAuditEvent(db, {
    propertyId: property.id,
    action: "guest_data_exported",
    actor: options.actor,
    details: { way: options.way, bookings: bookings.length, groups: groups.length, emailHash: guestEmailHash(options.email) },
  });
  return {
    email: guestEmailKey(options.email),
    property: { name: property.name, slug: property.slug },
    exportedAt: (options.clock ?? systemClock).now().toISOString(),
    bookings: bookings.map((booking) => ({
      ...toBookingView(booking),
      desk: booking.desk,
      history: history
        .filter((entry) => entry.bookingId === booking.id)
        .map((entry) => ({ kind: entry.kind, at: entry.createdAt.toISOString(), by: entry.actorLabel, before: entry.previous, after: entry.current })),
      emails: emails.filter((email) => email.booking_id === booking.id).map(sent),
    })),
    groups: groups.map((group) => ({
      id: group.id,
      reference: group.reference,
      booker: group.booker,
      checkin: group.stay.checkin,
      checkout: group.stay.checkout,
      externalReference: group.externalReference,
      createdAt: group.createdAt,
      roomReferences: group.roomReferences,
      emails: emails.filter((email) => email.group_id === group.id && !ids.includes(email.booking_id)).map(sent),
    })),
  };
}
