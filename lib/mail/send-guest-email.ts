import { toBookingGroupView } from "@/lib/bookings/booking-group";
import { loadBookingGroup } from "@/lib/bookings/find-booking-groups";
import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { findStoredEvent, isBookingEvent, type StoredBookingEvent } from "@/lib/events/stored-event";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import type { RetrySchedule } from "@/lib/job-queue/retry-schedule";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { testMailboxTransport } from "@/lib/test-mode/test-mailbox";
import { failedSend } from "./failed-send";
import type { MailTransport } from "./mail-transport";
import { renderGuestEmail } from "./render-guest-email";
import { groupEmailOf } from "./group-email";
import { storedBooking } from "./stored-booking";

/**
 * A booking group's e-mail (groupEmailOf): the rooms it tells as they now stand, with their room
 * types' names, and the first of them addressed to the booker (whose name and language the
 * e-mail takes); null when the event is told alone.
 */
async function groupOf(db: Db, event: StoredBookingEvent, roomTypeName: (id: string) => Promise<string | null>) {
  const told = await groupEmailOf(db, event);
  if (!told?.sends) return null;
  const loaded = await loadBookingGroup(db, event.propertyId, told.groupId);
  if (!loaded) return null;
  const view = toBookingGroupView(loaded.group, loaded.rooms.filter((room) => told.roomIds.includes(room.id)));
  const rooms = await Promise.all(view.bookings.map(async (booking) => ({ booking, roomTypeName: (await roomTypeName(booking.roomTypeId)) ?? "Room" })));
  return { groupId: view.id, asBooked: { ...view.bookings[0]!, guest: view.booker }, email: { reference: view.reference, total: view.price.total, rooms } };
}

/** The hotel's name as the sender's name, at MAIL_FROM's address ("Name <address>" or "address"). */
export function fromTheHotel(hotelName: string, mailFrom: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${hotelName.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

/** What the e-mail tells of the hotel, as it is when the e-mail is sent (a new name shows in the next e-mail). */
const HOTEL_FACTS = { name: true, contactEmail: true, contactPhone: true, checkInFrom: true, checkOutUntil: true, livePropertyId: true } as const;

/** A guest's reply goes to the hotel's own address, when it gives a plain one (nothing a header could read as two). */
function replyTo(contactEmail: string | null): { headers?: Record<string, string> } {
  return contactEmail && /^[\w.%+-]+@[\w-]+(\.[\w-]+)+$/.test(contactEmail) ? { headers: { "Reply-To": contactEmail } } : {};
}

export type GuestMailDeps = {
  db: Db;
  clock: Clock;
  schedule: RetrySchedule;
  transport: MailTransport;
  /** MAIL_FROM: its address is the sender's; the name shown is the hotel's. */
  from: string;
  /** The guest site's manage page for this booking (or its group's, for the group's e-mail), or null when the property is not the guest site's. */
  manageUrl: (propertyId: string, bookingId: string, groupId?: string) => Promise<string | null>;
};

/**
 * Sends one guest e-mail (the queue runs one job per e-mail at a time). A refusal for good
 * (SMTP 5xx) is recorded and not retried; anything else (server down, 4xx) is retried on the
 * schedule, so a message waits out a mail server outage and is never lost. The Message-ID is
 * fixed per e-mail, so a resend after a lost answer is recognisable as the same message.
 */
export async function sendGuestEmail(deps: GuestMailDeps, emailId: string): Promise<void> {
  const email = await deps.db.guestEmail.findUnique({ where: { id: emailId }, include: { property: { select: HOTEL_FACTS } } });
  if (!email || email.status !== "pending") return;
  const event = await findStoredEvent(deps.db, email.eventId);
  if (!event || !isBookingEvent(event)) {
    await deps.db.guestEmail.update({ where: { id: email.id }, data: { status: "failed", nextAttemptAt: null, lastError: "not sent: the event is gone" } });
    return;
  }
  const { previous } = event.data;
  const roomTypeName = async (id: string) => (await deps.db.roomType.findUnique({ where: { id }, select: { name: true } }))?.name ?? null;
  const group = await groupOf(deps.db, event, roomTypeName);
  const booking = group ? group.asBooked : storedBooking(event.data.booking);
  const message = renderGuestEmail({
    kind: event.type,
    booking,
    ...(group ? { group: group.email } : {}),
    hotelName: email.property.name,
    hotelDetails: email.property,
    roomTypeName: (await roomTypeName(booking.roomTypeId)) ?? "Room",
    manageUrl: await deps.manageUrl(event.propertyId, booking.id, group?.groupId),
    ...(event.type === "booking.changed"
      ? { change: { previous: previous ?? {}, previousRoomTypeName: previous?.roomTypeId ? await roomTypeName(previous.roomTypeId) : null } }
      : {}),
  });
  const now = deps.clock.now();
  const attempts = email.attempts + 1;
  try {
    const from = fromTheHotel(email.property.name, deps.from);
    const headers = replyTo(email.property.contactEmail);
    // A test twin's e-mails never leave test mode: kept in its test mailbox, never handed to SMTP.
    const transport = propertyMode(email.property) === "test" ? testMailboxTransport(deps.db, email.id) : deps.transport;
    await transport.send({ from, to: email.recipient, ...message, messageId: `<${email.id}@room-booking.invalid>`, ...headers });
  } catch (error) {
    const { next, lastError } = failedSend(error, deps.schedule, attempts, now);
    await deps.db.$transaction(async (tx) => {
      await tx.guestEmail.update({
        where: { id: email.id },
        data: { attempts, lastAttemptAt: now, lastError, status: next ? "pending" : "failed", nextAttemptAt: next },
      });
      if (next) await enqueueJob(tx, "send-guest-email", { emailId: email.id }, { runAt: next, key: `send-guest-email:${email.id}` });
    });
    return;
  }
  await deps.db.guestEmail.update({
    where: { id: email.id },
    data: { attempts, lastAttemptAt: now, lastError: null, status: "succeeded", sentAt: now, nextAttemptAt: null },
  });
}
