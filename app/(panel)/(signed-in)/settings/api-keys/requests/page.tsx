import type { Metadata } from "next";
import Link from "next/link";
import { RequestLogFilterForm, requestLogHref, type RequestLogFilterValues } from "@/components/panel/request-log-filter-form";
import { SettingsHeading } from "@/components/panel/settings-heading";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { listRequests } from "@/lib/request-log/list-requests";
import { RequestLogQuerySchema, type RequestLogView } from "@/lib/schemas/request-log";
import { openProperty, requireStaff } from "../../../../_lib/panel-session";
import { queryValue, type SearchParams } from "../../../../_lib/search-params";

export const metadata: Metadata = { title: "API requests" };

const CELL = "py-2 pr-4 align-top";

/**
 * Settings › API Keys › Requests: the partner API requests of this property's keys, the last 7
 * days (at most 10,000), newest first, filtered and paged; what a partner sees of its own keys at
 * GET /partner/v1/requests.
 */
export default async function RequestLogPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const raw = await searchParams;
  const pick = (name: string) => queryValue(raw, name);
  const values: RequestLogFilterValues = { key: pick("key"), status: pick("status"), code: pick("code"), requestId: pick("requestId"), resource: pick("resource") };
  const db = getDb();
  const keys = await listApiKeys(db, open.propertyId);
  const parsed = RequestLogQuerySchema.safeParse({ status: values.status, code: values.code, requestId: values.requestId, cursor: pick("cursor"), limit: "50" });
  let page: RequestLogView | undefined;
  let problem: string | undefined;
  if (!parsed.success) problem = "Check the filters: a request id is the X-Request-Id of an answer (letters, digits, . _ : -).";
  else {
    try {
      const apiKeyIds = values.key ? [values.key] : undefined;
      page = await listRequests(db, { propertyId: open.propertyId, apiKeyIds }, { ...parsed.data, resourceId: values.resource });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      problem = "This page link is out of date: start again from the newest requests.";
    }
  }
  const requests = page?.data ?? [];
  return (
    <div className="space-y-6">
      <Link className="text-sm text-brand-700 underline" href="/settings/api-keys">← API Keys</Link>
      <SettingsHeading title="API requests">
        <p className="mt-2 text-sm text-stone-600">
          The partner API requests of this property&apos;s keys in the last 7 days (at most the newest 10,000), newest first. Bodies, key values and guest
          details are never kept. Partners see their own keys&apos; requests at GET /partner/v1/requests.
        </p>
      </SettingsHeading>
      <RequestLogFilterForm values={values} keys={keys.map(({ id, label, hint }) => ({ id, label, hint }))} />
      {values.resource && (
        <p className="text-sm">
          Requests that named or created <span className="font-mono">{values.resource}</span>.{" "}
          <Link className="text-brand-700 underline" href={requestLogHref({ ...values, resource: undefined })}>Show every request</Link>
        </p>
      )}
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th className={CELL}>Time</th><th className={CELL}>Request</th><th className={CELL}>Status</th><th className={CELL}>Duration</th>
              <th className={CELL}>Key</th><th className={CELL}>Idempotency-Key</th><th className="py-2">Request id</th>
            </tr>
          </thead>
          <tbody>
            {page && requests.length === 0 && (<tr><td colSpan={7} className="py-4 text-stone-500">No requests match.</td></tr>)}
            {requests.map((r) => (
              <tr key={`${r.requestId}:${r.time}`} className="border-b border-stone-200" data-testid="request-row">
                <td className={`${CELL} whitespace-nowrap`}>{formatInstant(r.time, open.propertyTimezone)}</td>
                <td className={CELL}>
                  <span className="font-mono">{r.method} {r.path}</span>
                  {r.resourceId && (
                    <span className="block font-mono text-xs">
                      {isId("bk", r.resourceId) ? <Link className="text-brand-700 underline" href={`/bookings/${r.resourceId}`}>{r.resourceId}</Link> : r.resourceId}
                    </span>
                  )}
                </td>
                <td className={CELL}>{r.status}{r.code && <span className="block text-xs text-stone-600">{r.code}</span>}</td>
                <td className={`${CELL} whitespace-nowrap`}>{r.durationMs} ms</td>
                <td className={CELL}>{r.apiKey.label}<span className="block font-mono text-xs text-stone-600">{r.apiKey.hint}</span></td>
                <td className={`${CELL} break-all font-mono text-xs`}>{r.idempotencyKey ?? "—"}{r.replayed && <span className="block font-sans text-stone-600">replayed</span>}</td>
                <td className="py-2 font-mono text-xs">{r.requestId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page?.nextCursor && <Link className="text-brand-700 underline" href={requestLogHref({ ...values, cursor: page.nextCursor })}>Older requests →</Link>}
    </div>
  );
}
