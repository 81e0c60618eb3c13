import { fromDbDate } from "@/lib/dates/calendar-date";
import type { BookingGroup as BookingGroupRow } from "@/lib/generated/prisma/client";
import type { BookingGroupStatus, BookingGroupView } from "@/lib/schemas/booking-groups";
import type { BookingSource } from "@/lib/schemas/bookings";
import { stayOf, type Booking, type Guest, type Money, type Stay } from "./booking";
import { toBookingView } from "./booking-view";

/**
 * Several rooms booked at once, all or none (create-booking-group.ts): each room is a Booking
 * whose `group` names this group and its place in it, so every rule and view of a booking holds
 * for each room. The group keeps only what the rooms share and the request that made them; its
 * status, price and fees are its rooms' (toBookingGroupView).
 */
export type BookingGroup = {
  id: string;
  reference: string;
  propertyId: string;
  booker: Guest;
  stay: Stay;
  externalReference: string | null;
  source: BookingSource;
  apiKeyId: string | null;
  staffUserId: string | null;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  /** An ISO instant. */
  createdAt: string;
};

/** A row of `booking_groups` as the domain's group: the one mapping from the row. */
export function fromBookingGroupRow(row: BookingGroupRow): BookingGroup {
  return {
    id: row.id,
    reference: row.reference,
    propertyId: row.propertyId,
    booker: { firstName: row.bookerFirstName, lastName: row.bookerLastName, email: row.bookerEmail, ...(row.bookerLanguage ? { language: row.bookerLanguage } : {}) },
    stay: stayOf(fromDbDate(row.checkin), fromDbDate(row.checkout)),
    externalReference: row.externalReference,
    source: row.source as BookingSource,
    apiKeyId: row.apiKeyId,
    staffUserId: row.staffUserId,
    idempotencyKey: row.idempotencyKey,
    requestFingerprint: row.requestFingerprint,
    createdAt: row.createdAt.toISOString(),
  };
}

/** confirmed while every room is, cancelled once every room is, partly_cancelled between. */
export function bookingGroupStatus(rooms: Pick<Booking, "status">[]): BookingGroupStatus {
  const cancelled = rooms.filter((room) => room.status === "cancelled").length;
  return cancelled === 0 ? "confirmed" : cancelled === rooms.length ? "cancelled" : "partly_cancelled";
}

function sum(amounts: Money[], currency: string): Money {
  return { amount: amounts.reduce((total, money) => total + money.amount, 0), currency };
}

/** The group as the partner API shows it, with its rooms (in the request's order): the one mapping from the domain's group. */
export function toBookingGroupView(group: BookingGroup, rooms: Booking[]): BookingGroupView {
  const ordered = [...rooms].sort((a, b) => (a.group?.room ?? 0) - (b.group?.room ?? 0));
  const currency = ordered[0]?.price.currency ?? "EUR";
  const fees = ordered.flatMap((room) => (room.cancellationFee ? [room.cancellationFee] : []));
  const updatedAt = ordered.reduce((latest, room) => (room.updatedAt > latest ? room.updatedAt : latest), group.createdAt);
  return {
    id: group.id,
    reference: group.reference,
    status: bookingGroupStatus(ordered),
    externalReference: group.externalReference,
    booker: group.booker,
    checkin: group.stay.checkin,
    checkout: group.stay.checkout,
    nights: group.stay.nights,
    bookings: ordered.map(toBookingView),
    price: { total: sum(ordered.map((room) => room.price), currency) },
    cancellationFee: fees.length ? sum(fees, currency) : null,
    createdAt: group.createdAt,
    updatedAt,
  };
}
