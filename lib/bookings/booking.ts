import { daysBetween, fromDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Booking as BookingRow } from "@/lib/generated/prisma/client";
import { extrasPerNight, type Party } from "@/lib/rate-plans/party-price";
import type { BookingSource } from "@/lib/schemas/bookings";
import type { CancellationPolicy, CancellationTerms } from "@/lib/schemas/rate-plans";

/**
 * The booking as the domain knows it: what the write rules (lib/bookings/sql) write, one row of
 * `bookings` (fromBookingRow reads it; the SQL function write_booking writes it). The partner
 * API shows it through toBookingView (booking-view.ts), which leaves out what is not the
 * partner's (the desk's phone and note, the Idempotency-Key, who made it).
 */
export type Booking = {
  id: string;
  reference: string;
  propertyId: string;
  status: "confirmed" | "cancelled";
  source: BookingSource;
  roomTypeId: string;
  stay: Stay;
  party: Party;
  guest: Guest;
  externalReference: string | null;
  price: Money;
  nightly: NightPrice[];
  /** What the party adds to each night's rate (extra adults, children by band), as priced. */
  extras: BookingExtra[];
  ratePlan: { id: string; name: string };
  /** The plan's policy as booked: later edits of the plan never change it. */
  cancellationPolicy: CancellationPolicy;
  /** The policy applied to the stay when it was booked or last moved. */
  cancellation: CancellationTerms;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** What cancelling cost; null while not cancelled. */
  cancellationFee: Money | null;
  /** Who made it: the API key, or the staff member at the desk (either may be null). */
  apiKeyId: string | null;
  staffUserId: string | null;
  /** Desk bookings only (never in the partner API). */
  desk: DeskBookingDetails;
  idempotencyKey: string | null;
  /** SHA-256 of the request that made it (request-fingerprint.ts), to tell a replay from another request. */
  requestFingerprint: string | null;
  /** The booking group it was booked in, and its room's place there (0, 1, …); null for a booking made alone. */
  group: GroupPlace | null;
  /** When its guest's data was erased (anonymise-booking.ts); null until then. */
  anonymisedAt: string | null;
};

/** A room's place in its booking group: the group's id and the room's index in the request that booked it. */
export type GroupPlace = { id: string; room: number };

/** What a booking's extras add to each night's rate. */
export function bookingExtrasPerNight(extras: BookingExtra[]): number {
  return extrasPerNight(extras.map((extra) => ({ count: extra.count, amount: extra.amount.amount })));
}

/** When a guest stays: check-in and check-out dates at the property, and the nights between them. */
export type Stay = { checkin: CalendarDate; checkout: CalendarDate; nights: number };

/** Who stays in the room: its adults and each child's age (lib/rate-plans/party-price.ts, with the rules of a party). */
export type { Party };

/** What the party adds to each night's rate: extra adults, or children of one age band; the amount is a night, each. */
export type BookingExtra = { kind: "adult"; count: number; amount: Money } | { kind: "child"; band: string; count: number; amount: Money };

export type Guest = { firstName: string; lastName: string; email: string; language?: string };

export type Money = { amount: number; currency: string };

export type NightPrice = { date: CalendarDate; amount: number };

/** What only a desk booking has, for the panel (never in the partner API): the guest's phone and a note for the staff. */
export type DeskBookingDetails = { guestPhone: string | null; staffNote: string | null };

export function stayOf(checkin: CalendarDate, checkout: CalendarDate): Stay {
  return { checkin, checkout, nights: daysBetween(checkin, checkout) };
}

/** A row of `bookings` as the domain's booking: the one mapping from the row. */
export function fromBookingRow(row: BookingRow): Booking {
  const money = (amount: number): Money => ({ amount, currency: row.currency });
  return {
    id: row.id,
    reference: row.reference,
    propertyId: row.propertyId,
    status: row.status,
    source: row.source as BookingSource,
    roomTypeId: row.roomTypeId,
    stay: stayOf(fromDbDate(row.checkin), fromDbDate(row.checkout)),
    party: { adults: row.adults, childrenAges: row.childrenAges ?? [] },
    guest: { firstName: row.guestFirstName, lastName: row.guestLastName, email: row.guestEmail, ...(row.guestLanguage ? { language: row.guestLanguage } : {}) },
    externalReference: row.externalReference,
    price: money(row.totalAmount),
    nightly: row.nightlyPrices as NightPrice[],
    extras: row.extras as BookingExtra[],
    ratePlan: { id: row.ratePlanId, name: row.ratePlanName },
    cancellationPolicy: row.cancellationPolicy as CancellationPolicy,
    cancellation: {
      refundable: row.freeUntil !== null,
      freeUntil: row.freeUntil ? fromDbDate(row.freeUntil) : null,
      feeFrom: row.feeFrom?.toISOString() ?? null,
      fee: money(row.feeAmount),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancellationReason: row.cancellationReason,
    cancellationFee: row.cancellationFee === null ? null : money(row.cancellationFee),
    apiKeyId: row.apiKeyId,
    staffUserId: row.staffUserId,
    desk: { guestPhone: row.guestPhone, staffNote: row.staffNote },
    idempotencyKey: row.idempotencyKey,
    requestFingerprint: row.requestFingerprint,
    group: row.groupId === null ? null : { id: row.groupId, room: row.groupRoom ?? 0 },
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
  };
}
