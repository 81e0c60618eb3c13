import type { Metadata } from "next";
import { CancelStayForm } from "@/components/booking-widget/cancel-stay-form";
import { BookingSummary } from "@/components/booking-widget/stay-summary";
import { cancelStayAction } from "../../actions";
import { getHotel } from "../../_lib/guest-site";
import { loadGuestBooking } from "../../_lib/load-guest-booking";

export const metadata: Metadata = { title: "Manage your booking" };

/** Manage your booking: opened by the signed link (or Find your booking); shows it and offers Cancel booking. */
export default async function ManageBookingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [{ booking, roomName }, hotel] = await Promise.all([loadGuestBooking(token), getHotel()]);
  const cancellable = booking.status === "confirmed" && hotel !== null && booking.checkin >= hotel.today;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-4xl text-brand-900">Your booking</h1>
      {booking.status === "cancelled" && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">This booking is cancelled. You will not be charged.</p>
      )}
      <BookingSummary booking={booking} roomName={roomName} />
      {cancellable && <CancelStayForm action={cancelStayAction} token={token} />}
      {booking.status === "confirmed" && !cancellable && hotel && (
        <p className="text-stone-700">This booking can no longer be cancelled online. Please contact the hotel.</p>
      )}
    </div>
  );
}
