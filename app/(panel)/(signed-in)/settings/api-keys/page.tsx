import type { Metadata } from "next";
import Link from "next/link";
import { CreateKeyForm } from "@/components/panel/create-key-form";
import { KeyRowActions } from "@/components/panel/key-row-actions";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { getDb } from "@/lib/db";
import { describePlan, PLAN_RULES } from "@/lib/properties/plans";
import { formatInstant } from "@/lib/dates/format-instant";
import { openProperty, requireStaff } from "../../../_lib/panel-session";
import { createKeyAction, revokeKeyAction, rotateKeyAction } from "./actions";
import { SettingsHeading } from "@/components/panel/settings-heading";

export const metadata: Metadata = { title: "API Keys" };

/** Settings › API Keys: the plan, the keys (hints only), create, rotate, revoke, the audit log. */
export default async function ApiKeysPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const when = (date: Date | null) => (date ? formatInstant(date, open.propertyTimezone) : "never");
  const db = getDb();
  const [property, keys, audit] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.propertyId } }),
    listApiKeys(db, open.propertyId),
    db.auditEvent.findMany({ where: { propertyId: open.propertyId, action: { in: ["api_key_created", "api_key_rotated", "api_key_revoked"] } }, orderBy: { createdAt: "desc" }, take: 50, include: { apiKey: { select: { label: true, hint: true } } } }),
  ]);
  const isAdmin = open.role === "admin";
  const canWrite = PLAN_RULES[property.plan].canWrite;
  return (
    <div className="space-y-8">
      <SettingsHeading title="API Keys">
        <p className="mt-2 text-stone-700" data-testid="plan">{describePlan(property.plan)}</p>
        <p className="mt-1 text-sm text-stone-600">Keys belong to this property. Keep them on your servers, never in browser or app code.</p>
        <p className="mt-2 text-sm"><Link className="text-brand-700 underline" href="/settings/api-keys/requests">Requests</Link>: what the keys asked of the API in the last 7 days, and what it answered.</p>
      </SettingsHeading>

      {isAdmin ? (
        <CreateKeyForm propertyId={property.id} canWrite={canWrite} action={createKeyAction}
          writeDisabledReason="Write keys need the Starter plan or higher: the Free plan reads only." />
      ) : (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can create, rotate or revoke keys.</p>
      )}

      <section aria-labelledby="keys">
        <h2 id="keys" className="text-lg font-semibold">Keys</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th className="py-2 pr-4">Label</th><th className="py-2 pr-4">Key</th><th className="py-2 pr-4">Scope</th>
                <th className="py-2 pr-4">Created</th><th className="py-2 pr-4">Last used</th><th className="py-2 pr-4">Status</th>
                {isAdmin && <th className="py-2">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {keys.length === 0 && (<tr><td colSpan={7} className="py-4 text-stone-500">No keys yet.</td></tr>)}
              {keys.map((key) => (
                <tr key={key.id} data-testid={`key-${key.id}`} className="border-b border-stone-200 align-top">
                  <td className="py-3 pr-4">{key.label}</td>
                  <td className="py-3 pr-4 font-mono">{key.hint}</td>
                  <td className="py-3 pr-4">{key.scope}</td>
                  <td className="py-3 pr-4">{when(key.createdAt)}</td>
                  <td className="py-3 pr-4">{when(key.lastUsedAt)}</td>
                  <td className="py-3 pr-4">{key.status}</td>
                  {isAdmin && (
                    <td className="py-3">
                      {key.engine ? (
                        <a className="text-brand-700 underline" href="/settings/booking-engine">Managed in Settings › Booking engine</a>
                      ) : (
                        <KeyRowActions propertyId={property.id} keyId={key.id} label={key.label} active={key.status === "active"}
                          rotate={rotateKeyAction} revoke={revokeKeyAction} />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="audit">
        <h2 id="audit" className="text-lg font-semibold">Audit log</h2>
        <ul className="mt-3 space-y-1 text-sm">
          {audit.length === 0 && <li className="text-stone-500">Nothing yet.</li>}
          {audit.map((event) => (
            <li key={event.id}>
              <span className="text-stone-500">{when(event.createdAt)}</span> · {event.actorLabel} {event.action.replace("api_key_", "")} key “{event.apiKey?.label ?? "?"}” ({event.apiKey?.hint ?? "?"})
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
