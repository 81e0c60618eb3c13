import type { Metadata } from "next";
import Link from "next/link";
import { EmbedBookedMessage } from "@/components/booking-widget/embed-messages";
import { BookingSummary } from "@/components/booking-widget/stay-summary";
import { siteHref } from "@/components/booking-widget/site-href";
import { getHotel, getSite } from "../../_lib/guest-site";
import { loadGuestBooking } from "../../_lib/load-guest-booking";

export const metadata: Metadata = { title: "Booking confirmed" };

/** After Book: the reference, the stay (with the hotel's check-in and check-out times) and the price, and the link to manage the booking. */
export default async function ConfirmationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [{ booking, roomName }, hotel, site] = await Promise.all([loadGuestBooking(token), getHotel(), getSite()]);
  return (
    <div className="space-y-6">
      {site.view === "embed" && booking.status === "confirmed" && <EmbedBookedMessage reference={booking.reference} />}
      <h1 className="font-serif text-4xl text-brand-900">{booking.status === "confirmed" ? "Your booking is confirmed" : "This booking was cancelled"}</h1>
      <p className="text-lg text-stone-800">
        Thank you, {booking.guest.firstName}. Keep your booking reference: with your e-mail address it finds this booking again.
      </p>
      <BookingSummary booking={booking} roomName={roomName} times={hotel} />
      <p>
        <Link className="font-medium text-brand-700 underline" href={siteHref(site.ref, `/manage/${token}`)}>Manage your booking</Link>{" "}
        <span className="text-stone-700">(view or cancel it; keep this link private)</span>
      </p>
    </div>
  );
}
