import type { Metadata } from "next";
import Link from "next/link";
import { RatePlanDeactivateForm } from "@/components/panel/rate-plan-deactivate-form";
import { RatePlanForm } from "@/components/panel/rate-plan-form";
import { EMPTY_RATE_PLAN_VALUES } from "@/components/panel/rate-plan-form-states";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { describeRatePlanChange, describeSoldFor } from "@/lib/rate-plans/describe-rate-plan-change";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { getDb } from "@/lib/db";
import { describeCancellationPolicy, describePriceRule } from "@/lib/rate-plans/describe-rate-plan";
import { findRatePlans } from "@/lib/rate-plans/list-rate-plans";
import { policyOf, priceRuleOf } from "@/lib/rate-plans/rate-plan-view";
import { listRoomTypes } from "@/lib/room-types/list-room-types";
import { openProperty, requireStaff } from "../../_lib/panel-session";
import { createRatePlanAction, deactivateRatePlanAction, updateRatePlanAction } from "./actions";
import { ratePlanFormValues } from "./rate-plan-form-values";

export const metadata: Metadata = { title: "Rate plans" };

/** Rate plans: how the property sells its rooms (price rule, cancellation policy, room types); admins add, edit and deactivate; the history. */
export default async function RatePlansPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const [property, plans, roomTypes, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, currency: true } }),
    findRatePlans(db, open.propertyId, { includeInactive: true }),
    listRoomTypes(db, open.propertyId),
    listAuditEvents(db, { propertyId: open.propertyId, actions: ["rate_plan_created", "rate_plan_updated", "rate_plan_deactivated"] }),
  ]);
  const isAdmin = open.role === "admin";
  const roomTypeNames = new Map(roomTypes.map((roomType) => [roomType.id, roomType.name]));
  const choices = roomTypes.map((roomType) => ({ id: roomType.id, name: roomType.name }));
  const changeable = plans.filter((plan) => !plan.standard);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl text-brand-900">Rate plans</h1>
        <p className="mt-2 text-stone-700">
          How the hotel sells its rooms: each plan is a price rule on top of the night&apos;s rate (set on{" "}
          <Link className="text-brand-700 underline" href="/rates">Rates and availability</Link>) and a cancellation policy. Partners and guests are offered every
          active plan; a booking keeps the terms it was sold with, whatever later changes.
        </p>
      </div>

      {!isAdmin && (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can add or change rate plans.</p>
      )}

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-lg font-semibold">Plans</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th className="py-2 pr-4">Name</th><th className="py-2 pr-4">Price</th><th className="py-2 pr-4">Cancellation</th>
                <th className="py-2 pr-4">Sold for</th><th className="py-2 pr-4">Status</th>{isAdmin && <th className="py-2">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id} data-testid={`rate-plan-${plan.id}`} className="border-b border-stone-200 align-top">
                  <td className="py-3 pr-4">
                    <p className="font-medium">{plan.name}</p>
                    {plan.description && <p className="whitespace-pre-line text-stone-600">{plan.description}</p>}
                  </td>
                  <td className="py-3 pr-4">{describePriceRule(priceRuleOf(plan), property.currency)}</td>
                  <td className="py-3 pr-4">{describeCancellationPolicy(policyOf(plan))}</td>
                  <td className="py-3 pr-4">{describeSoldFor(plan.roomTypeIds, roomTypeNames)}</td>
                  <td className="py-3 pr-4">{plan.active ? "Active" : "Inactive"}</td>
                  {isAdmin && (
                    <td className="py-3">
                      {plan.standard ? (
                        <p className="max-w-xs text-stone-600">Locked: partners that choose no plan book it, so it keeps v1&apos;s terms and is always offered.</p>
                      ) : (
                        <RatePlanDeactivateForm propertyId={property.id} ratePlanId={plan.id} name={plan.name} active={plan.active} action={deactivateRatePlanAction} />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!isAdmin && <p className="mt-2 text-sm text-stone-600">The Standard plan is locked: partners that choose no plan book it, so it keeps v1&apos;s terms and is always offered.</p>}
      </section>

      {isAdmin && changeable.length > 0 && (
        <section aria-labelledby="edit-plans" className="space-y-3">
          <h2 id="edit-plans" className="text-lg font-semibold">Edit rate plans</h2>
          {changeable.map((plan) => (
            <details key={plan.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer font-medium text-brand-700">Edit {plan.name}</summary>
              <div className="mt-4">
                <RatePlanForm propertyId={property.id} currency={property.currency} ratePlanId={plan.id} roomTypes={choices}
                  initial={ratePlanFormValues(plan, property.currency)} action={updateRatePlanAction} />
              </div>
            </details>
          ))}
        </section>
      )}

      {isAdmin && (
        <section aria-labelledby="add-plan" className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 id="add-plan" className="mb-4 text-lg font-semibold">Add a rate plan</h2>
          <RatePlanForm propertyId={property.id} currency={property.currency} roomTypes={choices} initial={EMPTY_RATE_PLAN_VALUES} action={createRatePlanAction} />
        </section>
      )}

      <RoomsRatesHistory events={history} timeZone={open.propertyTimezone} headingId="rate-plans-history"
        describe={(action, details) => describeRatePlanChange(action, details, { currency: property.currency, roomTypeNames })} />
    </div>
  );
}
