import type { Metadata } from "next";
import Link from "next/link";
import { CancelStayForm } from "@/components/booking-widget/cancel-stay-form";
import { GroupSummary } from "@/components/booking-widget/group-summary";
import { siteHref } from "@/components/booking-widget/site-href";
import { BookingSummary } from "@/components/booking-widget/stay-summary";
import { cancellationFeeAt } from "@/lib/bookings/cancellation-fee";
import { cancellationSentence, cancellingNowInWords } from "@/lib/rate-plans/cancellation-in-words";
import { cancelRoomsAction, cancelStayAction } from "../../actions";
import { getHotel, getSite, getWords, manageToken } from "../../_lib/guest-site";
import { loadGuestBooking } from "../../_lib/load-guest-booking";
import { loadGuestGroup, type GuestGroup } from "../../_lib/load-guest-group";
import { queryValue, type PageSearchParams } from "../../_lib/stay-query";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("manage.title") };
}

/**
 * Manage your booking: opened by the signed link (or Find your booking); shows it and offers
 * Change dates or guests (until its stay is over) and Cancel booking (until check-in), saying
 * what cancelling now would cost under the booking's own terms.
 * ?changed=1: back from a change, which it confirms. A booking group's link: ManageRoomsPage.
 */
export default async function ManageBookingPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<PageSearchParams> }) {
  const { token } = await params;
  const group = await loadGuestGroup(token);
  if (group) return <ManageRoomsPage token={token} {...group} />;
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
      {booking.groupId && (
        <p><Link className="font-medium text-brand-700 underline" href={siteHref(site.ref, `/manage/${manageToken(booking.groupId)}`)}>{t("rooms.partOfGroup")}</Link></p>
      )}
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

/**
 * Several rooms booked together: the group and each room in full. Each room can still be
 * changed (its own page's form) and cancelled alone, with what cancelling it now costs said
 * first; Cancel all rooms cancels every room still cancellable, with the sum of their fees.
 */
async function ManageRoomsPage({ token, group, roomNames }: { token: string } & GuestGroup) {
  const [hotel, site, words] = await Promise.all([getHotel(), getSite(), getWords()]);
  const { t } = words;
  const now = new Date();
  const cancellable = group.bookings.filter((room) => room.status === "confirmed" && hotel !== null && room.checkin >= hotel.today);
  const feeOfAll = { amount: cancellable.reduce((sum, room) => sum + cancellationFeeAt(room.cancellation, now).amount, 0), currency: group.price.total.currency };
  const allFeeNow = cancellingNowInWords(feeOfAll, words);
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-4xl text-brand-900">{t("manage.heading")}</h1>
      {group.status === "cancelled" && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          {group.cancellationFee && group.cancellationFee.amount > 0 ? t("rooms.cancelledWithFee", { fee: words.money(group.cancellationFee) }) : t("rooms.cancelledFree")}
        </p>
      )}
      <GroupSummary
        group={group}
        roomNames={roomNames}
        times={hotel}
        words={words}
        actions={(room, index) => {
          const roomToken = manageToken(room.id);
          const number = index + 1;
          const feeNow = cancellingNowInWords(cancellationFeeAt(room.cancellation, now), words);
          return (
            <div className="space-y-3">
              {room.status === "confirmed" && hotel !== null && room.checkout > hotel.today && (
                <p>
                  <Link className="font-medium text-brand-700 underline" href={siteHref(site.ref, `/manage/${roomToken}/change`)}>{t("rooms.changeRoom", { number })}</Link>
                </p>
              )}
              {cancellable.includes(room) && (
                <CancelStayForm
                  action={cancelStayAction}
                  token={roomToken}
                  group={token}
                  lang={words.lang}
                  feeNow={feeNow}
                  labels={{ submit: t("rooms.cancelRoom", { number }), confirm: t("rooms.cancelRoomConfirm", { number, feeNow }) }}
                />
              )}
            </div>
          );
        }}
      />
      {cancellable.length > 1 && (
        <section aria-labelledby="cancel-all" className="space-y-3 rounded-xl border border-red-200 bg-white p-5">
          <h2 id="cancel-all" className="font-serif text-2xl text-brand-900">{t("rooms.cancelAllHeading")}</h2>
          <CancelStayForm action={cancelRoomsAction} token={token} lang={words.lang} feeNow={allFeeNow} labels={{ submit: t("rooms.cancelAll"), confirm: t("rooms.cancelAllConfirm", { feeNow: allFeeNow }) }} />
        </section>
      )}
      {group.status !== "cancelled" && !cancellable.length && hotel && <p className="text-stone-700">{t("manage.notCancellable")}</p>}
    </div>
  );
}
