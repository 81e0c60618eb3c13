import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReplayDeliveryButton, ReplayFailedForm } from "@/components/panel/replay-forms";
import { systemClock } from "@/lib/clock";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { getWebhookEndpoint } from "@/lib/webhooks/find-webhook-endpoints";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { formatInstant } from "@/lib/dates/format-instant";
import { openProperty, requireStaff } from "../../../../_lib/panel-session";
import { replayDeliveryAction, replayFailedAction } from "./actions";

export const metadata: Metadata = { title: "Webhook deliveries" };

/** A datetime-local value (UTC) a day before `now`: the default of "Replay all failed since". */
const dayBefore = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 16);
const STATUS_STYLE = { pending: "bg-amber-100 text-amber-900", succeeded: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900" };

/** The endpoint's deliveries, newest first (or the failed ones), with Replay and "Replay all failed since" for admins. */
export default async function DeliveriesPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ failed?: string | string[] }> }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const when = (iso: string | null) => (iso ? formatInstant(iso, open.propertyTimezone, { seconds: true }) : "—");
  const { id } = await params;
  if (!WebhookEndpointIdSchema.safeParse(id).success) notFound();
  const failedOnly = (await searchParams).failed === "1";
  const db = getDb();
  const endpoint = await getWebhookEndpoint(db, { propertyId: open.propertyId }, id).catch((error: unknown) => {
    if (isDomainError(error, "not_found")) notFound();
    throw error;
  });
  const { data: deliveries } = await listDeliveries(db, { endpointId: endpoint.id, status: failedOnly ? "failed" : undefined, limit: 100 });
  const isAdmin = open.role === "admin";
  const base = `/settings/webhooks/${endpoint.id}`;
  return (
    <div className="space-y-6">
      <Link className="text-sm text-brand-700 underline" href="/settings/webhooks">← Webhooks</Link>
      <div>
        <h1 className="font-serif text-3xl text-brand-900">Deliveries</h1>
        <p className="mt-1 font-mono text-sm break-all text-stone-700">{endpoint.url}</p>
        {!endpoint.enabled && (
          <p data-testid="disabled-reason" className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            <strong>Disabled:</strong> {endpoint.disabledReason ?? "no reason given."} Nothing is sent or replayed until it is enabled again.
          </p>
        )}
      </div>

      {isAdmin && <ReplayFailedForm propertyId={open.propertyId} endpointId={endpoint.id} defaultSince={dayBefore(systemClock.now())} action={replayFailedAction} />}

      <nav aria-label="Filter deliveries" className="flex gap-4 text-sm">
        <Link href={base} aria-current={failedOnly ? undefined : "page"} className={failedOnly ? "text-brand-700 underline" : "font-semibold"}>All</Link>
        <Link href={`${base}?failed=1`} aria-current={failedOnly ? "page" : undefined} className={failedOnly ? "font-semibold" : "text-brand-700 underline"}>Failed only</Link>
      </nav>

      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{failedOnly ? "Failed deliveries" : "Recent deliveries"}, newest first</caption>
          <thead>
            <tr className="border-b border-stone-300">
              {["Event", "Event id", "Status", "Attempts", "Last status", "Last error", "Last attempt", "Next attempt"].map((h) => <th key={h} className="py-2 pr-4">{h}</th>)}
              {isAdmin && <th className="py-2">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {deliveries.length === 0 && (<tr><td colSpan={9} className="py-4 text-stone-500">{failedOnly ? "No failed deliveries." : "No deliveries yet."}</td></tr>)}
            {deliveries.map((d) => (
              <tr key={d.id} data-testid={`delivery-${d.eventId}`} className="border-b border-stone-200 align-top">
                <td className="py-3 pr-4"><code>{d.eventType}</code></td>
                <td className="py-3 pr-4 font-mono"><Link className="text-brand-700 underline" href={`${base}/deliveries/${d.id}`}>{d.eventId}</Link></td>
                <td className="py-3 pr-4"><span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>{d.status}</span>{d.replays > 0 && <span className="ml-1 text-stone-600">(replayed {d.replays}×)</span>}</td>
                <td className="py-3 pr-4">{d.attempts}</td>
                <td className="py-3 pr-4">{d.lastStatusCode ?? "—"}</td>
                <td className="max-w-xs py-3 pr-4 break-words">{d.lastError ?? "—"}</td>
                <td className="py-3 pr-4">{when(d.lastAttemptAt)}</td>
                <td className="py-3 pr-4">{when(d.nextAttemptAt)}</td>
                {isAdmin && (
                  <td className="py-3">
                    <ReplayDeliveryButton propertyId={open.propertyId} endpointId={endpoint.id} deliveryId={d.id} eventId={d.eventId} action={replayDeliveryAction} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-stone-600">Deliveries are kept 30 days. Select an event id to see each attempt and the receiver&apos;s answer.</p>
    </div>
  );
}
