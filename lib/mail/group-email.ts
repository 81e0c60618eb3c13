import type { StoredBookingEvent } from "@/lib/events/stored-event";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A booking group's e-mail for one of its rooms' events: whether this event sends it, to whom, and which rooms it tells. */
export type GroupEmail = { sends: false } | { sends: true; bookerEmail: string; groupId: string; roomIds: string[] };

/**
 * A booking group's rooms are told together, to the group's booker, once: its booking (every
 * room's booking.created) by its first room's event; its cancel (the rooms it cancelled, in one
 * instant) by the first of those rooms' event; the other rooms' events send nothing. null: the
 * event is told alone, to the booking's guest (a booking made alone, a room changed, or
 * cancelled alone).
 */
export async function groupEmailOf(db: Prisma.TransactionClient, event: StoredBookingEvent): Promise<GroupEmail | null> {
  const { booking } = event.data;
  if (!booking.groupId || event.type === "booking.changed") return null;
  const group = await db.bookingGroup.findUnique({
    where: { id: booking.groupId },
    select: { bookerEmail: true, bookings: { select: { id: true, cancelledAt: true }, orderBy: { groupRoom: "asc" } } },
  });
  if (!group) return null;
  const cancelledAt = booking.cancelledAt ? Date.parse(booking.cancelledAt) : null;
  const rooms = event.type === "booking.created" ? group.bookings : group.bookings.filter((room) => room.cancelledAt?.getTime() === cancelledAt);
  if (rooms.length < 2) return null;
  if (rooms[0]!.id !== booking.id) return { sends: false };
  return { sends: true, bookerEmail: group.bookerEmail, groupId: booking.groupId, roomIds: rooms.map((room) => room.id) };
}
