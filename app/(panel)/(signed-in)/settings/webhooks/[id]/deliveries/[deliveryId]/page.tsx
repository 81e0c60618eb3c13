import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { getWebhookEndpoint } from "@/lib/webhooks/find-webhook-endpoints";
import { listAttempts } from "@/lib/webhooks/list-deliveries";
import { formatInstant } from "@/lib/dates/format-instant";
import { openProperty, requireStaff } from "../../../../../../_lib/panel-session";

export const metadata: Metadata = { title: "Webhook delivery" };

/** One delivery: what was sent, and each attempt (time, status, duration, error, the answer's first 1 KB as text). */
export default async function DeliveryPage({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const when = (date: Date | null) => (date ? formatInstant(date, open.propertyTimezone, { seconds: true }) : "—");
  const { id, deliveryId } = await params;
  if (!WebhookEndpointIdSchema.safeParse(id).success || !isId("whd", deliveryId)) notFound();
  const db = getDb();
  const endpoint = await getWebhookEndpoint(db, { propertyId: open.propertyId }, id).catch((error: unknown) => {
    if (isDomainError(error, "not_found")) notFound();
    throw error;
  });
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } });
  if (!delivery) notFound();
  const attempts = await listAttempts(db, delivery.id);
  const rows: [string, string][] = [
    ["Endpoint", endpoint.url],
    ["Event", `${delivery.eventType} (${delivery.eventId})`],
    ["Status", `${delivery.status}, ${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}${delivery.replays ? `, replayed ${delivery.replays}×` : ""}`],
    ["Created", when(delivery.createdAt)],
    ["Next attempt", delivery.status === "pending" ? when(delivery.nextAttemptAt) : "—"],
  ];
  return (
    <div className="space-y-6">
      <Link className="text-sm text-brand-700 underline" href={`/settings/webhooks/${endpoint.id}`}>← Deliveries</Link>
      <h1 className="font-serif text-3xl text-brand-900">Delivery of {delivery.eventId}</h1>
      <dl className="grid max-w-3xl grid-cols-[10rem_1fr] gap-y-2 text-sm">
        {rows.map(([label, value]) => (<div key={label} className="contents"><dt className="font-medium text-stone-600">{label}</dt><dd className="break-all">{value}</dd></div>))}
      </dl>

      <section aria-labelledby="attempts" className="space-y-3">
        <h2 id="attempts" className="text-lg font-semibold">Attempts, newest first</h2>
        {attempts.length === 0 && <p className="text-sm text-stone-500">No attempt yet.</p>}
        <ol className="space-y-3">
          {attempts.map((attempt) => (
            <li key={String(attempt.id)} className="rounded-lg border border-stone-200 bg-white p-4 text-sm">
              <p>
                <span className="font-medium">{when(attempt.attemptedAt)}</span> · status {attempt.statusCode ?? "none"} · {attempt.durationMs} ms
              </p>
              {attempt.error && <p className="mt-1 text-red-800">Error: {attempt.error}</p>}
              <p className="mt-2 text-stone-600">Answer (first 1 KB):</p>
              <pre tabIndex={0} className="mt-1 max-h-64 overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap break-all">{attempt.responseBody.slice(0, 1024) || "(empty)"}</pre>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="payload" className="space-y-2">
        <h2 id="payload" className="text-lg font-semibold">Body sent</h2>
        <pre tabIndex={0} className="max-h-96 overflow-auto rounded bg-stone-100 p-3 text-xs whitespace-pre-wrap break-all">{delivery.payload}</pre>
      </section>
    </div>
  );
}
