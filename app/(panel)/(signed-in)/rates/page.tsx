import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RatesBulkEditForm } from "@/components/panel/rates-bulk-edit-form";
import { RatesCalendar } from "@/components/panel/rates-calendar";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { getDb } from "@/lib/db";
import { PROPERTY_CLOCK, propertyToday } from "@/lib/properties/property-today";
import { addMonths, monthLabel, monthNights, monthOf, parseCalendarMonth } from "@/lib/rates/calendar-month";
import { readRateCalendar } from "@/lib/rates/read-rate-calendar";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { RoomTypeIdSchema } from "@/lib/schemas/common";
import { openProperty, requireStaff } from "../../_lib/panel-session";
import { type SearchParams } from "../../_lib/search-params";
import { setRatesAction } from "./actions";

export const metadata: Metadata = { title: "Rates and availability" };

/** Rates and availability: a room type's month of nights (price, for sale, sold, free, closed), bulk edit for admins, the history. */
export default async function RatesPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const raw = await searchParams;
  const db = getDb();
  const [property, roomTypes, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, currency: true, ...PROPERTY_CLOCK } }),
    listRoomTypes(db, open.propertyId),
    listAuditEvents(db, { propertyId: open.propertyId, actions: ["rates_set"] }),
  ]);
  const today = propertyToday(property);
  const month = parseCalendarMonth(raw.month) ?? monthOf(today);
  const asked = typeof raw.roomType === "string" && raw.roomType !== "" ? raw.roomType : undefined;
  if (asked !== undefined && !RoomTypeIdSchema.safeParse(asked).success) notFound();
  const roomType = asked ? roomTypes.find((r) => r.id === asked) : roomTypes[0];
  if (asked && !roomType) notFound(); // another property's room type: as unknown as any other
  const isAdmin = open.role === "admin";
  const href = (m: string) => `/rates?${new URLSearchParams({ ...(roomType ? { roomType: roomType.id } : {}), month: m })}`;
  const nights = roomType ? await readRateCalendar(db, { propertyId: property.id, roomTypeId: roomType.id, ...monthNights(month) }) : [];
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl text-brand-900">Rates and availability</h1>
        <p className="mt-2 text-stone-700">Each night&apos;s price and rooms, as the partner API sells them (every change shows on its very next request).</p>
      </div>

      {!roomType ? (
        <p className="text-stone-700">No room types yet: add one on <Link className="text-brand-700 underline" href="/rooms">Rooms</Link>.</p>
      ) : (
        <>
          <form method="get" className="flex flex-wrap items-end gap-4 text-sm">
            <div>
              <label htmlFor="roomType" className="block font-medium">Room type</label>
              <select id="roomType" name="roomType" defaultValue={roomType.id} className="mt-1 rounded border border-stone-300 px-2 py-1">
                {roomTypes.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
              </select>
            </div>
            <div>
              <label htmlFor="month" className="block font-medium">Month</label>
              <input id="month" name="month" type="month" defaultValue={month} className="mt-1 rounded border border-stone-300 px-2 py-1" />
            </div>
            <button type="submit" className="rounded border border-stone-300 px-3 py-1 hover:bg-stone-100">Show</button>
          </form>

          <section aria-labelledby="calendar-heading" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="calendar-heading" className="text-lg font-semibold">{roomType.name}, {monthLabel(month)}</h2>
              <nav aria-label="Months" className="flex gap-4 text-sm">
                <Link className="text-brand-700 underline" href={href(addMonths(month, -1))}>← {monthLabel(addMonths(month, -1))}</Link>
                {month !== monthOf(today) && <Link className="text-brand-700 underline" href={href(monthOf(today))}>This month</Link>}
                <Link className="text-brand-700 underline" href={href(addMonths(month, 1))}>{monthLabel(addMonths(month, 1))} →</Link>
              </nav>
            </div>
            <p className="text-sm text-stone-700">Today at the property is {today}. Past nights are greyed and marked “Past”; closed and sold-out nights say so. Stay restrictions: “min 3” and “max 7” nights for stays arriving that night, “CTA” no check-in, “CTD” no check-out.</p>
            <RatesCalendar nights={nights} currency={property.currency} today={today} label={`Nights of ${roomType.name}, ${monthLabel(month)}`} />
          </section>

          {isAdmin ? (
            <RatesBulkEditForm key={roomType.id} propertyId={property.id} roomTypeId={roomType.id} roomTypeName={roomType.name} currency={property.currency} today={today} action={setRatesAction} />
          ) : (
            <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can change prices, rooms for sale, closed nights and stay restrictions.</p>
          )}
        </>
      )}

      <RoomsRatesHistory events={history} timeZone={open.propertyTimezone} headingId="rates-history" />
    </div>
  );
}
