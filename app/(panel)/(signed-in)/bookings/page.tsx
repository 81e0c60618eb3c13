import type { Metadata } from "next";
import Link from "next/link";
import { listBookings } from "@/lib/bookings/find-bookings";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/money/currency";
import { BookingListQuerySchema } from "@/lib/schemas/bookings";
import { openProperty, requireStaff } from "../../_lib/panel-session";

export const metadata: Metadata = { title: "Bookings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The property's bookings, newest first, with filters and pages (the same query as GET /bookings). */
export default async function BookingsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const raw = await searchParams;
  const pick = (name: string) => (typeof raw[name] === "string" && raw[name] !== "" ? (raw[name] as string) : undefined);
  const parsed = BookingListQuerySchema.safeParse({ status: pick("status"), checkinFrom: pick("checkinFrom"), checkinTo: pick("checkinTo"), cursor: pick("cursor"), limit: "25" });
  let page: Awaited<ReturnType<typeof listBookings>> = { data: [], nextCursor: null };
  let problem: string | undefined;
  if (!parsed.success) problem = "Check the filters: dates are YYYY-MM-DD.";
  else {
    try {
      page = await listBookings(getDb(), open.propertyId, parsed.data);
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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th className="py-2 pr-4">Reference</th><th className="py-2 pr-4">Guest</th><th className="py-2 pr-4">Stay</th>
              <th className="py-2 pr-4">Adults</th><th className="py-2 pr-4">Price</th><th className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {page.data.length === 0 && (<tr><td colSpan={6} className="py-4 text-stone-500">No bookings.</td></tr>)}
            {page.data.map((b) => (
              <tr key={b.id} className="border-b border-stone-200">
                <td className="py-2 pr-4"><Link className="text-brand-700 underline" href={`/bookings/${b.id}`}>{b.reference}</Link></td>
                <td className="py-2 pr-4">{b.guest.firstName} {b.guest.lastName}</td>
                <td className="py-2 pr-4">{b.checkin} → {b.checkout}</td>
                <td className="py-2 pr-4">{b.adults}</td>
                <td className="py-2 pr-4">{formatMoney(b.price)}</td>
                <td className="py-2">{b.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.nextCursor && <Link className="text-brand-700 underline" href={`/bookings?${next}`}>Older bookings →</Link>}
    </div>
  );
}
