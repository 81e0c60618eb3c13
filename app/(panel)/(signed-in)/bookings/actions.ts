"use server";

import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { z } from "zod";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { CancelBookingSchema } from "@/lib/schemas/bookings";
import { BookingIdSchema, PropertyIdSchema } from "@/lib/schemas/common";
import { authorizeAction } from "../../_lib/panel-session";

export type CancelState = { error?: string; done?: string };

const CancelForm = z.object({ propertyId: PropertyIdSchema, bookingId: BookingIdSchema, reason: CancelBookingSchema.shape.reason });

/** Cancel booking (admins): the same domain function and rules as the partner API. */
export async function cancelBookingAction(_previous: CancelState, form: FormData): Promise<CancelState> {
  const parsed = CancelForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const reason = parsed.error.issues.find((issue) => issue.path[0] === "reason");
    if (!reason) notFound(); // an id edited into the form: as unknown as any other
    return { error: `Reason: ${reason.message}` };
  }
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: parsed.data.propertyId } });
  try {
    const actor = { staffId: staff.staffUserId, label: staff.email };
    await cancelBooking(db, { property, bookingId: parsed.data.bookingId, reason: parsed.data.reason, actor });
  } catch (failure) {
    if (isDomainError(failure, "not_found")) notFound();
    if (isDomainError(failure)) return { error: failure.message };
    throw failure;
  }
  revalidatePath(`/bookings/${parsed.data.bookingId}`);
  return { done: "The booking is cancelled and its nights are for sale again." };
}
