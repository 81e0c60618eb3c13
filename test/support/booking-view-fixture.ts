import type { BookingView } from "@/lib/schemas/bookings";

/** A booking as GET /bookings/{id} shows it, for tests of what is rendered from one. */
export function sampleBookingView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: "bk_2b6n0t5f3k9q2m8x1c7v",
    reference: "HVH-4K7Q2M",
    externalReference: null,
    groupId: null,
    status: "confirmed",
    source: "api",
    roomTypeId: "rt_2b6n0t5f3k9q2m8x1c7v",
    checkin: "2026-12-14",
    checkout: "2026-12-17",
    nights: 3,
    adults: 2,
    childrenAges: [],
    guest: { firstName: "Ana", lastName: "Silva", email: "ana.silva@example.com" },
    price: { amount: 45000, currency: "EUR" },
    nightly: [],
    extras: [],
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    cancelledAt: null,
    cancellationReason: null,
    ratePlan: { id: "rp_7k2m9q4x8c1v5b3n6t0d", name: "Standard" },
    cancellation: { refundable: true, freeUntil: "2026-12-14", feeFrom: "2026-12-15T00:00:00.000Z", fee: { amount: 15000, currency: "EUR" } },
    cancellationFee: null,
    anonymisedAt: null,
    ...overrides,
  };
}
