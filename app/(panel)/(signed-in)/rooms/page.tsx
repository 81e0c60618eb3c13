import type { Metadata } from "next";
import Link from "next/link";
import type { RoomTypeFormValues } from "@/components/panel/rooms-form-states";
import { RoomTypeForm } from "@/components/panel/rooms-room-type-form";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { getDb } from "@/lib/db";
import { formatMoney, formatMoneyInput } from "@/lib/money/currency";
import type { RoomType } from "@/lib/generated/prisma/client";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { openProperty, requireStaff } from "../../_lib/panel-session";
import { createRoomTypeAction, updateRoomTypeAction } from "./actions";

export const metadata: Metadata = { title: "Rooms" };

/** A new room type's form: two adults, and its defaults (no children, its rate covering both, no extra adult price). */
const emptyForm = (currency: string): RoomTypeFormValues => ({
  name: "",
  description: "",
  maxAdults: "2",
  maxChildren: "0",
  maxOccupancy: "2",
  adultsIncluded: "2",
  extraAdult: formatMoneyInput({ amount: 0, currency }),
  rooms: "",
  basePrice: "",
});

/** A room type as its form shows it (prices as money). */
function formValues(roomType: RoomType, currency: string): RoomTypeFormValues {
  return {
    name: roomType.name,
    description: roomType.description,
    maxAdults: String(roomType.maxAdults),
    maxChildren: String(roomType.maxChildren),
    maxOccupancy: String(roomType.maxOccupancy),
    adultsIncluded: String(roomType.adultsIncluded),
    extraAdult: formatMoneyInput({ amount: roomType.extraAdult, currency }),
    rooms: String(roomType.rooms),
    basePrice: formatMoneyInput({ amount: roomType.basePrice, currency }),
  };
}

/** Rooms: the property's room types; admins add one and edit each (the same domain functions as the admin CLI); the history. */
export default async function RoomsPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const [property, roomTypes, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, currency: true } }),
    listRoomTypes(db, open.propertyId),
    listAuditEvents(db, { propertyId: open.propertyId, actions: ["room_type_created", "room_type_updated"] }),
  ]);
  const isAdmin = open.role === "admin";
  const money = (amount: number) => formatMoney({ amount, currency: property.currency });
  // "2 adults", or "2 adults, +€30.00 a night each adult above" when it takes more adults than its rate covers.
  const rateCovers = (roomType: RoomType) =>
    `${roomType.adultsIncluded} adult${roomType.adultsIncluded === 1 ? "" : "s"}` +
    (roomType.adultsIncluded < roomType.maxAdults ? `, +${money(roomType.extraAdult)} a night each adult above` : "");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl text-brand-900">Rooms</h1>
        <p className="mt-2 text-stone-700">
          The room types partners and guests book. Prices and rooms for sale of each night are on{" "}
          <Link className="text-brand-700 underline" href="/rates">Rates and availability</Link>.
        </p>
      </div>

      {!isAdmin && (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can add or change room types.</p>
      )}

      <section aria-labelledby="room-types">
        <h2 id="room-types" className="text-lg font-semibold">Room types</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th className="py-2 pr-4">Name</th><th className="py-2 pr-4">Description</th><th className="py-2 pr-4">Max adults</th>
                <th className="py-2 pr-4">Max children</th><th className="py-2 pr-4">Max occupancy</th><th className="py-2 pr-4">Rate covers</th>
                <th className="py-2 pr-4">Rooms</th><th className="py-2 pr-4">Base price</th><th className="py-2">Calendar</th>
              </tr>
            </thead>
            <tbody>
              {roomTypes.length === 0 && (<tr><td colSpan={9} className="py-4 text-stone-600">No room types yet.</td></tr>)}
              {roomTypes.map((roomType) => (
                <tr key={roomType.id} data-testid={`room-type-${roomType.id}`} className="border-b border-stone-200 align-top">
                  <td className="py-3 pr-4 font-medium">{roomType.name}</td>
                  <td className="py-3 pr-4 whitespace-pre-line">{roomType.description || "—"}</td>
                  <td className="py-3 pr-4">{roomType.maxAdults}</td>
                  <td className="py-3 pr-4">{roomType.maxChildren}</td>
                  <td className="py-3 pr-4">{roomType.maxOccupancy}</td>
                  <td className="py-3 pr-4">{rateCovers(roomType)}</td>
                  <td className="py-3 pr-4">{roomType.rooms}</td>
                  <td className="py-3 pr-4">{money(roomType.basePrice)}</td>
                  <td className="py-3"><Link className="text-brand-700 underline" href={`/rates?roomType=${roomType.id}`}>Rates<span className="sr-only"> of {roomType.name}</span></Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {isAdmin && roomTypes.length > 0 && (
        <section aria-labelledby="edit-room-types" className="space-y-3">
          <h2 id="edit-room-types" className="text-lg font-semibold">Edit room types</h2>
          {roomTypes.map((roomType) => (
            <details key={roomType.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer font-medium text-brand-700">Edit {roomType.name}</summary>
              <div className="mt-4">
                <RoomTypeForm propertyId={property.id} currency={property.currency} roomTypeId={roomType.id} ratesHref={`/rates?roomType=${roomType.id}#bulk-edit`}
                  initial={formValues(roomType, property.currency)}
                  action={updateRoomTypeAction} />
              </div>
            </details>
          ))}
        </section>
      )}

      {isAdmin && (
        <section aria-labelledby="add-room-type" className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 id="add-room-type" className="mb-4 text-lg font-semibold">Add a room type</h2>
          <RoomTypeForm propertyId={property.id} currency={property.currency} initial={emptyForm(property.currency)} ratesHref="/rates#bulk-edit" action={createRoomTypeAction} />
        </section>
      )}

      <RoomsRatesHistory events={history} timeZone={open.propertyTimezone} headingId="rooms-history" />
    </div>
  );
}
