import type { Metadata } from "next";
import Link from "next/link";
import { ChangeStayForm } from "@/components/booking-widget/change-stay-form";
import { siteHref } from "@/components/booking-widget/site-href";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { changeStayAction } from "../../../actions";
import { getHotel, getSite, getWords } from "../../../_lib/guest-site";
import { loadGuestBooking } from "../../../_lib/load-guest-booking";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("change.title") };
}

/**
 * Change dates or guests, from the manage page: the booking as it is, then the new dates and
 * party (adults, children and their ages), their price (a preview), and Confirm change. The
 * signed token names the booking.
 */
export default async function ChangeBookingPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [{ booking, roomType, roomName }, hotel, site, words] = await Promise.all([loadGuestBooking(token), getHotel(), getSite(), getWords()]);
  const { t } = words;
  const manageHref = siteHref(site.ref, `/manage/${token}`);
  const refusal = !hotel ? t("common.unreachable") : booking.status !== "confirmed" ? t("change.cancelled") : booking.checkout <= hotel.today ? t("change.ended") : null;
  return (
    <div className="space-y-6">
      <Link className="text-brand-700 underline" href={manageHref}>{t("common.backToBooking")}</Link>
      <h1 className="font-serif text-4xl text-brand-900">{t("change.title")}</h1>
      <section aria-labelledby="booking-now-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="booking-now-heading" className="text-sm font-medium text-stone-600">{roomName ? t("change.nowRoom", { room: roomName }) : t("change.now")}, <span className="font-mono">{booking.reference}</span></h2>
        <p className="mt-1 text-stone-900"><StayLine stay={booking} words={words} /></p>
        <p className="mt-1 text-stone-900">{t("common.total")} <strong data-testid="current-total">{words.money(booking.price)}</strong></p>
      </section>
      {refusal || !hotel ? (
        <p role={hotel ? "status" : "alert"} className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{refusal}</p>
      ) : (
        <ChangeStayForm
          key={booking.updatedAt}
          action={changeStayAction}
          token={token}
          lang={words.lang}
          current={{ checkin: booking.checkin, checkout: booking.checkout, adults: booking.adults, childrenAges: booking.childrenAges, currency: booking.price.currency }}
          started={booking.checkin < hotel.today}
          today={hotel.today}
          room={roomType}
          manageHref={manageHref}
        />
      )}
    </div>
  );
}
