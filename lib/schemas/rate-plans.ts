import { z } from "zod";
import { CalendarDateSchema, MoneySchema, RatePlanIdSchema, RoomTypeIdSchema, TimestampSchema } from "./common";
import { ExtrasSchema } from "./party";

export const CANCELLATION_FEES = ["first_night", "full_stay"] as const;
export type CancellationFeeKind = (typeof CANCELLATION_FEES)[number];

/** A rate plan's cancellation policy, as the hotel set it (the terms of an offer or a booking are CancellationTermsSchema). */
export const CancellationPolicySchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("free_until"),
      daysBefore: z.number().int().min(0).max(365).meta({ description: "Free until the end of the day (at the property) this many days before the check-in date; 0: the check-in date itself." }),
      fee: z.enum(CANCELLATION_FEES).meta({ description: "What cancelling costs after that: the first night, or the whole stay." }),
    }),
    z.object({ type: z.literal("non_refundable") }).meta({ description: "Cancelling costs the whole stay, from the moment of booking." }),
  ])
  .meta({ id: "CancellationPolicy" });

export type CancellationPolicy = z.infer<typeof CancellationPolicySchema>;

/** What cancelling costs and from when, in plain dates: worked out by the server for an offer or a booking, never by the partner. */
export const CancellationTermsSchema = z
  .object({
    refundable: z.boolean().meta({ description: "Whether cancelling is free until `freeUntil`. false for a non-refundable plan, or when the free period had already ended when the offer was made." }),
    freeUntil: CalendarDateSchema.nullable().meta({ description: "The last date, at the property, on which cancelling is free; null when not refundable." }),
    feeFrom: TimestampSchema.nullable().meta({
      description:
        "The exact instant the fee starts to apply (the midnight after freeUntil at the property, in UTC); null when not refundable (the fee applies at once), and null when no fee can ever apply: a booking can be cancelled until the end of its check-in date and not after, so terms free until the check-in date (the Standard plan) have no fee (`fee` 0).",
    }),
    fee: MoneySchema.meta({ description: "What a cancellation costs from feeFrom on (at once when not refundable); 0 when no fee can apply." }),
  })
  .meta({ id: "CancellationTerms", example: { refundable: true, freeUntil: "2026-12-02", feeFrom: "2026-12-02T23:00:00.000Z", fee: { amount: 12000, currency: "EUR" } } });

export type CancellationTerms = z.infer<typeof CancellationTermsSchema>;

export const RatePlanSchema = z
  .object({
    id: RatePlanIdSchema,
    name: z.string(),
    description: z.string(),
    roomTypeIds: z.array(RoomTypeIdSchema).meta({ description: "The room types it is sold for." }),
    cancellationPolicy: CancellationPolicySchema,
    active: z.boolean().meta({ description: "false: no longer offered (bookings made with it keep their terms)." }),
  })
  .meta({ id: "RatePlan" });

export const RatePlanListSchema = z.object({ data: z.array(RatePlanSchema) }).meta({ id: "RatePlanList" });

/** A rate plan's offer for a stay: its price and cancellation terms (GET /availability). */
export const OfferSchema = z
  .object({
    ratePlanId: RatePlanIdSchema,
    name: z.string(),
    price: MoneySchema.meta({ description: "Total for the stay under this plan." }),
    nightly: z.array(z.object({ date: CalendarDateSchema, amount: z.number().int() })),
    extras: ExtrasSchema.meta({ description: "What each night adds for the party to the room type's rate, before this plan's rule." }),
    cancellation: CancellationTermsSchema,
  })
  .meta({ id: "Offer" });

/** The rate plan a booking was sold with (its name then). */
export const BookingRatePlanSchema = z.object({ id: RatePlanIdSchema, name: z.string() }).meta({ id: "BookingRatePlan" });

export type RatePlanView = z.infer<typeof RatePlanSchema>;
export type OfferView = z.infer<typeof OfferSchema>;
