import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BookingGroupRooms } from "@/components/panel/booking-group-rooms";
import { BookingHistory } from "@/components/panel/booking-history";
import { BookingOriginDetails } from "@/components/panel/booking-origin";
import { CancelBookingForm } from "@/components/panel/cancel-booking-form";
import { ChangeBookingForm } from "@/components/panel/change-booking-form";
import { GuestOtherBookings } from "@/components/panel/guest-other-bookings";
import { requestLogHref } from "@/components/panel/request-log-filter-form";
import { getBooking } from "@/lib/bookings/find-bookings";
import { getBookingGroup } from "@/lib/bookings/find-booking-groups";
import { listBookingHistory } from "@/lib/bookings/list-booking-history";
import { listGuestBookings } from "@/lib/bookings/list-guest-bookings";
import { readBookingOrigins } from "@/lib/bookings/booking-origins";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { formatInstant } from "@/lib/dates/format-instant";
import { isId } from "@/lib/ids";
import { guestWords } from "@/lib/i18n/guest-words";
import { guestEmailLabel, listGuestEmails, type GuestEmailRecord } from "@/lib/mail/list-guest-emails";
import { formatMoney } from "@/lib/money/currency";
import { cancellationFeeAt } from "@/lib/bookings/cancellation-fee";
import { describeCancellationTerms } from "@/lib/rate-plans/cancellation-in-words";
import { formatStayRange } from "@/lib/dates/format-calendar-date";
import { roomTypeNames } from "@/lib/room-types/list-room-types";
import { openProperty, openPropertyToday, requireStaff } from "../../../_lib/panel-session";
import { cancelBookingAction, changeBookingAction } from "../actions";
import { bookingChangeFormValues } from "../booking-change-form-input";

export const metadata: Metadata = { title: "Booking" };

/** A party and its extras in words, as the guest site says them, in the staff's English. */
const PANEL_WORDS = guestWords("en");

/** What became of one guest e-mail, in words for the front desk, with times on the hotel's clock. */
function describeEmail(email: GuestEmailRecord, timeZone: string): string {
  const at = (iso: string | null) => (iso ? formatInstant(iso, timeZone) : "—");
  if (email.status === "succeeded") return `sent ${at(email.sentAt)}`;
  if (email.status === "failed") return email.lastError ?? "not sent";
  return email.attempts ? `waiting to retry at ${at(email.nextAttemptAt)} (${email.lastError ?? ""})` : "being sent";
}

export default async function BookingPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const { id } = await params;
  if (!isId("bk", id)) notFound();
  const booking = await getBooking(getDb(), open.propertyId, id).catch((error: unknown) => {
    if (isDomainError(error, "not_found")) notFound();
    throw error;
  });
  const [emails, roomTypes, history, guestBookings, origins, group] = await Promise.all([
    listGuestEmails(getDb(), { propertyId: open.propertyId, bookingId: booking.id }),
    roomTypeNames(getDb(), open.propertyId),
    listBookingHistory(getDb(), { propertyId: open.propertyId, bookingId: booking.id }),
    listGuestBookings(getDb(), { propertyId: open.propertyId, email: booking.guest.email, exceptBookingId: booking.id }),
    readBookingOrigins(getDb(), { propertyId: open.propertyId, bookingIds: [booking.id] }),
    booking.groupId ? getBookingGroup(getDb(), open.propertyId, booking.groupId) : null,
  ]);
  const origin = origins.get(booking.id);
  const today = openPropertyToday(open);
  // A confirmed booking whose stay has not ended may change (changeBooking says the same, and why not).
  const changeable = open.role === "admin" && booking.status === "confirmed" && booking.checkout > today;
  const at = (iso: string) => formatInstant(iso, open.propertyTimezone);
  const terms = describeCancellationTerms(booking.cancellation, open.propertyTimezone);
  const feeNow = booking.status === "confirmed" ? cancellationFeeAt(booking.cancellation, new Date()) : undefined;
  const rows: [string, string][] = [
    ["Status", booking.status],
    ["Guest", `${booking.guest.firstName} ${booking.guest.lastName} <${booking.guest.email}>`],
    ["Room type", roomTypes.get(booking.roomTypeId) ?? "—"],
    ["Stay", `${formatStayRange(booking.checkin, booking.checkout)} (${booking.nights} night${booking.nights === 1 ? "" : "s"})`],
    ["Guests", PANEL_WORDS.party(booking)],
    ["Price", formatMoney(booking.price)],
    ...(booking.extras.length ? ([["Price includes", PANEL_WORDS.extras(booking.extras)]] as [string, string][]) : []),
    ["Rate plan", booking.ratePlan.name],
    ["Cancellation terms", `${terms.headline}. ${terms.fee}`],
    ...(booking.cancellationFee ? ([["Cancellation fee", booking.cancellationFee.amount ? formatMoney(booking.cancellationFee) : "None: cancelled free of charge"]] as [string, string][]) : []),
    ["Partner reference", booking.externalReference ?? "—"],
    ["Booked", at(booking.createdAt)],
    ...(booking.cancelledAt ? ([["Cancelled", `${at(booking.cancelledAt)}${booking.cancellationReason ? ` (${booking.cancellationReason})` : ""}`]] as [string, string][]) : []),
    ...emails.map((email): [string, string] => [guestEmailLabel(email.eventType), describeEmail(email, open.propertyTimezone)]),
  ];
  return (
    <div className="space-y-6">
      <Link className="text-sm text-brand-700 underline" href="/bookings">← Bookings</Link>
      <h1 className="font-serif text-3xl text-brand-900">Booking {booking.reference}</h1>
      <dl className="grid max-w-2xl grid-cols-[12rem_1fr] gap-y-2 text-sm">
        {rows.map(([label, value], index) => (<div key={`${index}:${label}`} className="contents"><dt className="font-medium text-stone-600">{label}</dt><dd>{value}</dd></div>))}
      </dl>
      {group && <BookingGroupRooms group={group} bookingId={booking.id} roomTypes={roomTypes} />}
      {origin && <BookingOriginDetails origin={origin} />}
      <BookingHistory history={history} timeZone={open.propertyTimezone} />
      <p className="text-sm"><Link className="text-brand-700 underline" href={requestLogHref({ resource: booking.id })}>The API requests that named this booking</Link></p>
      <GuestOtherBookings email={booking.guest.email} found={guestBookings} roomTypes={roomTypes} />
      {changeable && (
        <section aria-labelledby="change-heading" className="space-y-3">
          <h2 id="change-heading" className="font-serif text-2xl text-brand-900">Change</h2>
          <ChangeBookingForm
            propertyId={open.propertyId}
            bookingId={booking.id}
            initial={{ idempotencyKey: `panel-${randomUUID()}`, values: bookingChangeFormValues(booking) }}
            roomTypes={[...roomTypes].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))}
            started={booking.checkin < today}
            action={changeBookingAction}
          />
        </section>
      )}
      {booking.status === "confirmed" && open.role === "admin" && (
        <section aria-labelledby="cancel-heading" className="space-y-3">
          <h2 id="cancel-heading" className="font-serif text-2xl text-brand-900">Cancel</h2>
          {feeNow && <p data-testid="fee-now" className="text-sm text-stone-700">{feeNow.amount ? `Cancelling now costs ${formatMoney(feeNow)} under the booking's terms.` : "Cancelling now is free under the booking's terms."}</p>}
          <CancelBookingForm propertyId={open.propertyId} bookingId={booking.id} action={cancelBookingAction} />
        </section>
      )}
    </div>
  );
}
