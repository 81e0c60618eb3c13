import type { Metadata } from "next";
import Link from "next/link";
import { EmbedBookedMessage } from "@/components/booking-widget/embed-messages";
import { GroupSummary } from "@/components/booking-widget/group-summary";
import { siteHref } from "@/components/booking-widget/site-href";
import { BookingSummary } from "@/components/booking-widget/stay-summary";
import { getHotel, getSite, getWords } from "../../_lib/guest-site";
import { loadGuestBooking } from "../../_lib/load-guest-booking";
import { loadGuestGroup, type GuestGroup } from "../../_lib/load-guest-group";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("confirmation.title") };
}

/**
 * After Book: the reference, the stay (with the hotel's check-in and check-out times) and the
 * price, and the link to manage the booking. Inside the widget, the reference (and nothing else)
 * goes to the hotel's page. Several rooms booked together: every room, under the group's reference.
 */
export default async function ConfirmationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const group = await loadGuestGroup(token);
  if (group) return <RoomsConfirmation token={token} {...group} />;
  const [{ booking, roomName }, hotel, site, words] = await Promise.all([loadGuestBooking(token), getHotel(), getSite(), getWords()]);
  const { t } = words;
  return (
    <div className="space-y-6">
      {site.view === "embed" && booking.status === "confirmed" && <EmbedBookedMessage reference={booking.reference} />}
      <h1 className="font-serif text-4xl text-brand-900">{booking.status === "confirmed" ? t("confirmation.confirmed") : t("confirmation.cancelled")}</h1>
      <p className="text-lg text-stone-800">{t("confirmation.thanks", { name: booking.guest.firstName })}</p>
      <BookingSummary booking={booking} roomName={roomName} times={hotel} words={words} />
      <p>
        <Link className="font-medium text-brand-700 underline" href={siteHref(site.ref, `/manage/${token}`)}>{t("confirmation.manage")}</Link>{" "}
        <span className="text-stone-700">{t("confirmation.manageHint")}</span>
      </p>
    </div>
  );
}

/** After Book for several rooms: the group's reference, every room, and the link that manages them all. */
async function RoomsConfirmation({ token, group, roomNames }: { token: string } & GuestGroup) {
  const [hotel, site, words] = await Promise.all([getHotel(), getSite(), getWords()]);
  const { t } = words;
  return (
    <div className="space-y-6">
      {site.view === "embed" && group.status === "confirmed" && <EmbedBookedMessage reference={group.reference} />}
      <h1 className="font-serif text-4xl text-brand-900">{group.status === "cancelled" ? t("confirmation.cancelled") : t("rooms.confirmed", { rooms: group.bookings.length })}</h1>
      <p className="text-lg text-stone-800">{t("confirmation.thanks", { name: group.booker.firstName })}</p>
      <GroupSummary group={group} roomNames={roomNames} times={hotel} words={words} />
      <p>
        <Link className="font-medium text-brand-700 underline" href={siteHref(site.ref, `/manage/${token}`)}>{t("confirmation.manage")}</Link>{" "}
        <span className="text-stone-700">{t("confirmation.manageHint")}</span>
      </p>
    </div>
  );
}
