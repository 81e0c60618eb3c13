import type { Metadata } from "next";
import Link from "next/link";
import { BookingsFilterForm, bookingsListHref, noBookingsText, type BookingsFilterValues } from "@/components/panel/bookings-filter-form";
import { searchBookings, type BookingSearchPage } from "@/lib/bookings/search-bookings";
import { NewBookingLink } from "@/components/panel/new-booking-link";
import { readBookingOrigins, type BookingOrigin } from "@/lib/bookings/booking-origins";
import { getDb } from "@/lib/db";
import { guestWords } from "@/lib/i18n/guest-words";
import { isDomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/money/currency";
import { formatStayRange } from "@/lib/dates/format-calendar-date";
import { roomTypeNames } from "@/lib/room-types/list-room-types";
import { BookingSearchSchema } from "@/lib/schemas/booking-search";
import { BookingListQuerySchema } from "@/lib/schemas/bookings";
import { openProperty, requireStaff } from "../../_lib/panel-session";
import { queryValue, type SearchParams } from "../../_lib/search-params";

export const metadata: Metadata = { title: "Bookings" };

/** Who stays, as the guest site says it ("2 adults, 2 children (4, 9)"), in the staff's English. */
const PANEL_WORDS = guestWords("en");

/** A cell that is a table cell on wide screens and a labelled line of a card on narrow ones. */
const CELL = "block py-0.5 sm:table-cell sm:py-2 sm:pr-4 before:mr-2 before:font-medium before:text-stone-500 before:content-[attr(data-label)] sm:before:content-none";

/** The property's bookings, newest first, with filters, their count and pages (the same query as GET /bookings). */
export default async function BookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const raw = await searchParams;
  const pick = (name: string) => queryValue(raw, name);
  const values: BookingsFilterValues = { q: pick("q"), status: pick("status"), checkinFrom: pick("checkinFrom"), checkinTo: pick("checkinTo"), group: pick("group") };
  const parsed = BookingListQuerySchema.safeParse({ status: values.status, checkinFrom: values.checkinFrom, checkinTo: values.checkinTo, groupId: values.group, cursor: pick("cursor"), limit: "25" });
  const search = BookingSearchSchema.safeParse(values.q ?? "");
  const searchError = search.success ? undefined : (search.error.issues[0]?.message ?? "Check the search.");
  let page: BookingSearchPage | undefined;
  let names = new Map<string, string>();
  let origins = new Map<string, BookingOrigin>();
  let problem: string | undefined;
  if (!parsed.success) {
    // Said of the filter that is wrong: a date as typed, or a group link that names no group.
    problem = parsed.error.issues.some((issue) => issue.path[0] === "groupId") ? "That link names no booking group: show every booking instead." : "Check the filters: dates are YYYY-MM-DD.";
  }
  else if (search.success) {
    try {
      const db = getDb();
      [page, names] = await Promise.all([searchBookings(db, { propertyId: open.propertyId, filters: parsed.data, words: search.data }), roomTypeNames(db, open.propertyId)]);
      origins = await readBookingOrigins(db, { propertyId: open.propertyId, bookingIds: page.data.map((b) => b.id) });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      problem = "Check the filters.";
    }
  }
  const total = page?.total;
  const bookings = page?.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl text-brand-900">Bookings</h1>
        {open.role === "admin" && <NewBookingLink />}
      </div>
      <BookingsFilterForm values={values} searchError={searchError} />
      {values.group && (
        <p className="text-sm text-stone-700" data-testid="group-filter">
          The rooms of one booking group. <Link className="text-brand-700 underline" href={bookingsListHref({ ...values, group: undefined })}>Show every booking</Link>
        </p>
      )}
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      {total !== undefined && (
        <p className="text-sm text-stone-600" data-testid="bookings-count">
          {total.toLocaleString("en-GB")} booking{total === 1 ? "" : "s"}
        </p>
      )}
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden sm:table-header-group">
          <tr className="border-b border-stone-300">
            <th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Guest</th><th className="py-2 pr-4">Room type</th><th className="py-2 pr-4">Stay</th>
            <th className="py-2 pr-4">Guests</th><th className="py-2 pr-4">Price</th><th className="py-2 pr-4">Status</th><th className="py-2">Made by</th>
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {page && bookings.length === 0 && (<tr className="block sm:table-row"><td colSpan={8} className="block py-4 text-stone-500 sm:table-cell">{noBookingsText(values)}</td></tr>)}
          {bookings.map((b) => (
            <tr key={b.id} className="block border-b border-stone-200 py-2 sm:table-row sm:py-0">
              <td className={CELL} data-label="Reference">
                <Link className="text-brand-700 underline" href={`/bookings/${b.id}`}>{b.reference}</Link>
                {b.groupId && !values.group && (
                  <Link className="block text-xs text-brand-700 underline" href={bookingsListHref({ group: b.groupId })}>its group&apos;s rooms<span className="sr-only"> (the rooms booked with {b.reference})</span></Link>
                )}
              </td>
              <td className={CELL} data-label="Guest">{b.guest.firstName} {b.guest.lastName} <span className="block break-all text-xs text-stone-600">{b.guest.email}</span></td>
              <td className={CELL} data-label="Room type">{names.get(b.roomTypeId) ?? "—"}</td>
              <td className={`${CELL} whitespace-nowrap`} data-label="Stay">{formatStayRange(b.checkin, b.checkout)}</td>
              <td className={CELL} data-label="Guests">{PANEL_WORDS.party(b)}</td>
              <td className={`${CELL} whitespace-nowrap`} data-label="Price">{formatMoney(b.price)}</td>
              <td className={CELL} data-label="Status">{b.status}</td>
              <td className={CELL} data-label="Made by">{origins.get(b.id)?.madeBy ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page?.nextCursor && <Link className="text-brand-700 underline" href={bookingsListHref({ ...values, cursor: page.nextCursor })}>Older bookings →</Link>}
    </div>
  );
}
