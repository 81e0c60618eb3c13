import type { Metadata } from "next";
import Link from "next/link";
import { ChildAgeBandsForm } from "@/components/panel/child-age-bands-form";
import { asAgeBandRows } from "@/components/panel/child-age-bands-form-states";
import { PropertySettingsForm } from "@/components/panel/property-settings-form";
import { asFormValues } from "@/components/panel/property-settings-form-states";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { describePropertyChange } from "@/lib/audit/describe-property-change";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { getDb } from "@/lib/db";
import { formatMoney, formatMoneyInput } from "@/lib/money/currency";
import { readChildAgeBands } from "@/lib/properties/child-age-bands";
import { openProperty, openPropertyToday, requireStaff } from "../../../_lib/panel-session";
import { setChildAgeBandsAction, updatePropertySettingsAction } from "./actions";
import { SettingsHeading } from "@/components/panel/settings-heading";

export const metadata: Metadata = { title: "Property" };

/**
 * Settings › Property: what guests see of the hotel and the children's age bands (admins change
 * them, viewers read them), the time zone and currency (shown, and why they are not changed here),
 * and the history of changes.
 */
export default async function PropertySettingsPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const [property, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.livePropertyId } }),
    listAuditEvents(db, { propertyId: open.livePropertyId, actions: ["property_settings_updated"] }),
  ]);
  const isAdmin = open.role === "admin";
  const bands = readChildAgeBands(property.childAgeBands);
  const money = (amount: number) => ({ amount, currency: property.currency });
  const shown: [string, string][] = [
    ["Name", property.name],
    ["Contact e-mail", property.contactEmail ?? "none"],
    ["Contact phone", property.contactPhone ?? "none"],
    ["Check-in from", property.checkInFrom],
    ["Check-out until", property.checkOutUntil],
  ];
  return (
    <div className="space-y-8">
      <SettingsHeading title="Property">
        <p className="mt-2 text-stone-700">
          What guests see of the hotel: on the guest site (its next page), in every e-mail sent to them from now on, and to partners in the API&apos;s <code>GET /me</code>.
        </p>
      </SettingsHeading>

      <section aria-labelledby="shown-to-guests" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="shown-to-guests" className="mb-4 text-lg font-semibold">Shown to guests</h2>
        {isAdmin ? (
          <PropertySettingsForm propertyId={property.id} initial={asFormValues(property)} action={updatePropertySettingsAction} />
        ) : (
          <>
            <p className="mb-4 rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can change the property&apos;s settings.</p>
            <dl className="grid grid-cols-[10rem_1fr] gap-y-2 text-sm" data-testid="property-settings">
              {shown.map(([label, value]) => (
                <div key={label} className="contents"><dt className="text-stone-600">{label}</dt><dd className="break-words">{value}</dd></div>
              ))}
            </dl>
          </>
        )}
      </section>

      <section aria-labelledby="child-age-bands" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="child-age-bands" className="text-lg font-semibold">Children&apos;s age bands</h2>
        <p className="mt-1 mb-4 max-w-3xl text-sm text-stone-700">
          What a child adds to a night&apos;s price, by age: on the guest site, in the booking engine, at the desk and to partners
          (<code>GET /me</code>). Which room types take children, and how many, is set on <Link className="text-brand-700 underline" href="/rooms">Rooms</Link>.
        </p>
        {isAdmin ? (
          <ChildAgeBandsForm propertyId={property.id} currency={property.currency}
            initial={asAgeBandRows(bands.map((band) => ({ ...band, amount: formatMoneyInput(money(band.amount)) })))} action={setChildAgeBandsAction} />
        ) : (
          <table className="text-left text-sm" data-testid="child-age-bands">
            <thead><tr className="border-b border-stone-300"><th className="py-2 pr-6">Band</th><th className="py-2 pr-6">Ages</th><th className="py-2">A night per child</th></tr></thead>
            <tbody>
              {bands.map((band) => (
                <tr key={band.name} className="border-b border-stone-200"><td className="py-2 pr-6">{band.name}</td><td className="py-2 pr-6">{band.fromAge}–{band.toAge}</td><td className="py-2">{formatMoney(money(band.amount))}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="time-zone-and-currency" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="time-zone-and-currency" className="text-lg font-semibold">Time zone and currency</h2>
        <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-2 text-sm" data-testid="time-zone-and-currency">
          <dt className="text-stone-600">Time zone</dt><dd>{property.timezone} (today there: {openPropertyToday(open)})</dd>
          <dt className="text-stone-600">Currency</dt><dd>{property.currency}</dd>
        </dl>
        <p className="mt-3 max-w-3xl text-sm text-stone-700">
          These are not changed here. Every date of every booking and night is a date in this time zone, and every price is an amount in this
          currency, so changing either would re-date or re-price everything the hotel has sold. The operator sets both once, when creating the
          property with the admin CLI (<code>npm run admin -- property create --name … --timezone … --currency … --plan …</code>); the admin CLI has
          no command to change them afterwards. If one is wrong, ask your operator.
        </p>
      </section>

      <RoomsRatesHistory events={history} timeZone={open.propertyTimezone} headingId="property-history" describe={(_action, details) => describePropertyChange(details)} />
    </div>
  );
}
