import type { Metadata } from "next";
import Link from "next/link";
import { CancelStayForm } from "@/components/booking-widget/cancel-stay-form";
import { siteHref } from "@/components/booking-widget/site-href";
import { BookingSummary } from "@/components/booking-widget/stay-summary";
import { cancellationFeeAt } from "@/lib/bookings/cancellation-fee";
import { cancellationSentence, cancellingNowInWords } from "@/lib/rate-plans/cancellation-in-words";
import { cancelStayAction } from "../../actions";
import { getHotel, getSite, getWords } from "../../_lib/guest-site";
import { loadGuestBooking } from "../../_lib/load-guest-booking";
import { queryValue, type PageSearchParams } from "../../_lib/stay-query";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("manage.title") };
}

/**
 * Manage your booking: opened by the signed link (or Find your booking); shows it and offers
 * Change dates or guests (until its stay is over) and Cancel booking (until check-in), saying
 * what cancelling now would cost under the booking's own terms.
 * ?changed=1: back from a change, which it confirms.
 */
export default async function ManageBookingPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<PageSearchParams> }) {
  const { token } = await params;
  const justChanged = queryValue(await searchParams, "changed") === "1";
  const [{ booking, roomName }, hotel, site, words] = await Promise.all([loadGuestBooking(token), getHotel(), getSite(), getWords()]);
  const { t } = words;
  const cancellable = booking.status === "confirmed" && hotel !== null && booking.checkin >= hotel.today;
  const changeable = booking.status === "confirmed" && hotel !== null && booking.checkout > hotel.today;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-4xl text-brand-900">{t("manage.heading")}</h1>
      {justChanged && booking.status === "confirmed" && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">{t("manage.changed")}</p>
      )}
      {booking.status === "cancelled" && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          {booking.cancellationFee && booking.cancellationFee.amount > 0 ? t("manage.cancelledWithFee", { fee: words.money(booking.cancellationFee) }) : t("manage.cancelledFree")}
        </p>
      )}
      <BookingSummary booking={booking} roomName={roomName} times={hotel} words={words} />
      {changeable && (
        <p>
          <Link className="inline-block rounded-md border border-brand-700 bg-white px-5 py-2 font-medium text-brand-700 hover:bg-stone-50 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none" href={siteHref(site.ref, `/manage/${token}/change`)}>
            {t("manage.change")}
          </Link>
        </p>
      )}
      {cancellable && (
        <CancelStayForm
          action={cancelStayAction}
          token={token}
          lang={words.lang}
          terms={cancellationSentence(booking.cancellation, words)}
          feeNow={cancellingNowInWords(cancellationFeeAt(booking.cancellation, new Date()), words)}
        />
      )}
      {booking.status === "confirmed" && !cancellable && hotel && <p className="text-stone-700">{t("manage.notCancellable")}</p>}
    </div>
  );
}
