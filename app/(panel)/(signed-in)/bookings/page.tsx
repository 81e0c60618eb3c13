import type { Metadata } from "next";
import Link from "next/link";
import { countBookings, listBookings } from "@/lib/bookings/find-bookings";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/money/currency";
import { formatStayRange } from "@/lib/overview/format-night";
import { roomTypeNames } from "@/lib/room-types/list-room-types";
import { BookingListQuerySchema } from "@/lib/schemas/bookings";
import { openProperty, requireStaff } from "../../_lib/panel-session";

export const metadata: Metadata = { title: "Bookings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A cell that is a table cell on wide screens and a labelled line of a card on narrow ones. */
const CELL = "block py-0.5 sm:table-cell sm:py-2 sm:pr-4 before:mr-2 before:font-medium before:text-stone-500 before:content-[attr(data-label)] sm:before:content-none";

/** The property's bookings, newest first, with filters, their count and pages (the same query as GET /bookings). */
export default async function BookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const raw = await searchParams;
  const pick = (name: string) => (typeof raw[name] === "string" && raw[name] !== "" ? (raw[name] as string) : undefined);
  const parsed = BookingListQuerySchema.safeParse({ status: pick("status"), checkinFrom: pick("checkinFrom"), checkinTo: pick("checkinTo"), cursor: pick("cursor"), limit: "25" });
  let page: Awaited<ReturnType<typeof listBookings>> = { data: [], nextCursor: null };
  let total: number | undefined;
  let names = new Map<string, string>();
  let problem: string | undefined;
  if (!parsed.success) problem = "Check the filters: dates are YYYY-MM-DD.";
  else {
    try {
      const db = getDb();
      [page, total, names] = await Promise.all([listBookings(db, open.propertyId, parsed.data), countBookings(db, open.propertyId, parsed.data), roomTypeNames(db, open.propertyId)]);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      problem = "Check the filters.";
    }
  }
  const next = new URLSearchParams(Object.entries({ status: pick("status"), checkinFrom: pick("checkinFrom"), checkinTo: pick("checkinTo"), cursor: page.nextCursor ?? undefined }).filter(([, v]) => v) as [string, string][]);
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">Bookings</h1>
      <form className="flex flex-wrap items-end gap-4 text-sm" method="get">
        <div>
          <label htmlFor="status" className="block font-medium">Status</label>
          <select id="status" name="status" defaultValue={pick("status") ?? ""} className="mt-1 rounded border border-stone-300 px-2 py-1">
            <option value="">All</option><option value="confirmed">Confirmed</option><option value="cancelled">Cancelled</option>
          </select>
        </div>
        <div>
          <label htmlFor="checkinFrom" className="block font-medium">Check-in from</label>
          <input id="checkinFrom" name="checkinFrom" type="date" defaultValue={pick("checkinFrom")} className="mt-1 rounded border border-stone-300 px-2 py-1" />
        </div>
        <div>
          <label htmlFor="checkinTo" className="block font-medium">Check-in to</label>
          <input id="checkinTo" name="checkinTo" type="date" defaultValue={pick("checkinTo")} className="mt-1 rounded border border-stone-300 px-2 py-1" />
        </div>
        <button type="submit" className="rounded border border-stone-300 px-3 py-1 hover:bg-stone-100">Filter</button>
      </form>
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
            <th className="py-2 pr-4">Adults</th><th className="py-2 pr-4">Price</th><th className="py-2">Status</th>
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {page.data.length === 0 && (<tr className="block sm:table-row"><td colSpan={7} className="block py-4 text-stone-500 sm:table-cell">No bookings.</td></tr>)}
          {page.data.map((b) => (
            <tr key={b.id} className="block border-b border-stone-200 py-2 sm:table-row sm:py-0">
              <td className={CELL} data-label="Reference"><Link className="text-brand-700 underline" href={`/bookings/${b.id}`}>{b.reference}</Link></td>
              <td className={CELL} data-label="Guest">{b.guest.firstName} {b.guest.lastName}</td>
              <td className={CELL} data-label="Room type">{names.get(b.roomTypeId) ?? "—"}</td>
              <td className={`${CELL} whitespace-nowrap`} data-label="Stay">{formatStayRange(b.checkin, b.checkout)}</td>
              <td className={CELL} data-label="Adults">{b.adults}</td>
              <td className={`${CELL} whitespace-nowrap`} data-label="Price">{formatMoney(b.price)}</td>
              <td className={CELL} data-label="Status">{b.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.nextCursor && <Link className="text-brand-700 underline" href={`/bookings?${next}`}>Older bookings →</Link>}
    </div>
  );
}
