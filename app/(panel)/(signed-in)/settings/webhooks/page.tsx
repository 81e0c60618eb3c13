import type { Metadata } from "next";
import Link from "next/link";
import { CreateWebhookForm } from "@/components/panel/create-webhook-form";
import { GuestEmailsForm } from "@/components/panel/guest-emails-form";
import { WebhookRowActions } from "@/components/panel/webhook-row-actions";
import { getDb } from "@/lib/db";
import { DEFAULT_WEBHOOK_EVENT_TYPES, EVENT_TYPES } from "@/lib/events/event-types";
import { listWebhookEndpoints } from "@/lib/webhooks/find-webhook-endpoints";
import { formatInstant } from "@/lib/dates/format-instant";
import { openProperty, requireStaff } from "../../../_lib/panel-session";
import { createEndpointAction, deleteEndpointAction, rotateSecretAction, sendTestEventAction, setEndpointEnabledAction, setGuestEmailsAction } from "./actions";
import { SettingsHeading } from "@/components/panel/settings-heading";

export const metadata: Metadata = { title: "Webhooks" };

const actions = { test: sendTestEventAction, setEnabled: setEndpointEnabledAction, rotate: rotateSecretAction, remove: deleteEndpointAction };

/** Settings › Webhooks: the property's endpoints, add one, test, disable, rotate, delete; and the guest e-mails switch. */
export default async function WebhooksPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const when = (iso: string) => formatInstant(iso, open.propertyTimezone);
  const db = getDb();
  const [property, { data: endpoints }] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, guestEmailsEnabled: true } }),
    listWebhookEndpoints(db, { propertyId: open.propertyId }),
  ]);
  const isAdmin = open.role === "admin";
  return (
    <div className="space-y-8">
      <SettingsHeading title="Webhooks">
        <p className="mt-2 text-stone-700">
          Each endpoint gets a signed POST for every event it subscribes to, retried when it fails. Partners can add their own through the API.
        </p>
      </SettingsHeading>

      {isAdmin ? (
        <CreateWebhookForm propertyId={property.id} eventTypes={EVENT_TYPES} defaultEventTypes={DEFAULT_WEBHOOK_EVENT_TYPES} action={createEndpointAction} />
      ) : (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can add, test, disable, rotate or delete endpoints.</p>
      )}

      <section aria-labelledby="endpoints">
        <h2 id="endpoints" className="text-lg font-semibold">Endpoints</h2>
        {endpoints.length === 0 && <p className="mt-3 text-sm text-stone-500">No endpoints yet.</p>}
        <ul className="mt-3 space-y-4">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} data-testid={`endpoint-${endpoint.id}`} className="rounded-lg border border-stone-200 bg-white p-4">
              <article aria-label={`Endpoint ${endpoint.url}`} className="space-y-2 text-sm">
                <div className="flex flex-wrap items-center gap-3">
                  <p className="font-mono break-all text-stone-900">{endpoint.url}</p>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${endpoint.enabled ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
                    {endpoint.enabled ? "enabled" : "disabled"}
                  </span>
                </div>
                {!endpoint.enabled && endpoint.disabledReason && (
                  <p data-testid="disabled-reason" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">
                    <strong>Disabled:</strong> {endpoint.disabledReason}
                  </p>
                )}
                <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
                  <dt className="text-stone-600">Events</dt><dd>{endpoint.events.join(", ")}</dd>
                  <dt className="text-stone-600">Description</dt><dd>{endpoint.description || "—"}</dd>
                  <dt className="text-stone-600">Created</dt><dd>{when(endpoint.createdAt)}</dd>
                </dl>
                <p><Link className="text-brand-700 underline" href={`/settings/webhooks/${endpoint.id}`}>Deliveries<span className="sr-only"> to {endpoint.url}</span></Link></p>
                {isAdmin && <WebhookRowActions propertyId={property.id} endpointId={endpoint.id} url={endpoint.url} enabled={endpoint.enabled} actions={actions} />}
              </article>
            </li>
          ))}
        </ul>
      </section>

      <GuestEmailsForm propertyId={property.id} enabled={property.guestEmailsEnabled} isAdmin={isAdmin} action={setGuestEmailsAction} />
    </div>
  );
}
