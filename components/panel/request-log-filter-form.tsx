import Link from "next/link";
import { PROBLEM_STATUS } from "@/lib/schemas/problem";
import { STATUS_CLASSES } from "@/lib/schemas/request-log";

/** What the request log was asked for (the URL's query): a key, a status class, a problem code, a request id, a resource. */
export type RequestLogFilterValues = { key?: string; status?: string; code?: string; requestId?: string; resource?: string };

const INPUT = "mt-1 rounded border border-stone-300 px-2 py-1";
const PATH = "/settings/api-keys/requests";

/** The log's URL for these values (empty ones left out). */
export function requestLogHref(values: RequestLogFilterValues & { cursor?: string }): string {
  const query = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return query.size ? `${PATH}?${query}` : PATH;
}

/**
 * The request log's filters: one GET form, so it works without JavaScript and a search is a link
 * (a booking's page links to its requests this way). A resource filter set by such a link is kept.
 */
export function RequestLogFilterForm({ values, keys }: { values: RequestLogFilterValues; keys: { id: string; label: string; hint: string }[] }) {
  return (
    <form className="flex flex-wrap items-end gap-4 text-sm" method="get" role="search" aria-label="Requests">
      {values.resource && <input type="hidden" name="resource" value={values.resource} />}
      <div>
        <label htmlFor="key" className="block font-medium">Key</label>
        <select id="key" name="key" defaultValue={values.key ?? ""} className={INPUT}>
          <option value="">All keys</option>
          {keys.map((key) => (<option key={key.id} value={key.id}>{key.label} ({key.hint})</option>))}
        </select>
      </div>
      <div>
        <label htmlFor="status" className="block font-medium">Status</label>
        <select id="status" name="status" defaultValue={values.status ?? ""} className={INPUT}>
          <option value="">All</option>
          {STATUS_CLASSES.map((status) => (<option key={status} value={status}>{status}</option>))}
        </select>
      </div>
      <div>
        <label htmlFor="code" className="block font-medium">Problem code</label>
        <select id="code" name="code" defaultValue={values.code ?? ""} className={INPUT}>
          <option value="">Any</option>
          {Object.keys(PROBLEM_STATUS).map((code) => (<option key={code} value={code}>{code}</option>))}
        </select>
      </div>
      <div>
        <label htmlFor="requestId" className="block font-medium">Request id</label>
        <input id="requestId" name="requestId" defaultValue={values.requestId} autoComplete="off" spellCheck={false} className={`${INPUT} font-mono`} />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className="rounded border border-stone-300 px-3 py-1 hover:bg-stone-100">Filter</button>
        {Object.values(values).some(Boolean) && <Link className="text-brand-700 underline" href={PATH}>Clear</Link>}
      </div>
    </form>
  );
}
