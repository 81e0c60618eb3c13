import type { Metadata } from "next";
import { DocsArticle } from "@/components/docs/docs-article";
import { MarkdownText } from "@/components/docs/markdown-text";
import { PROBLEM_STATUS, type ProblemCode } from "@/lib/schemas/problem";
import { ERROR_CATALOGUE } from "@/lib/docs/error-catalogue";

export const metadata: Metadata = { title: "Partner API errors" };

const EXAMPLE = `{
  "type": "/docs/errors#validation_failed",
  "title": "Bad Request",
  "status": 400,
  "detail": "1 field is invalid.",
  "code": "validation_failed",
  "requestId": "req_8f1c2a…",
  "errors": [{ "field": "guest.email", "message": "Must be an e-mail address." }]
}`;

/** Every error code of the partner API: what causes it and what to do. */
export default function ErrorsPage() {
  const codes = (Object.keys(PROBLEM_STATUS) as ProblemCode[]).sort((a, b) => PROBLEM_STATUS[a] - PROBLEM_STATUS[b]);
  return (
    <DocsArticle title="Errors">
      <p className="mt-4 text-stone-700">
        Every error is <code>application/problem+json</code> (RFC 9457). Match on <code>code</code>, which never changes;{" "}
        <code>detail</code> is for people. Field errors list each field in <code>errors</code>. Quote <code>requestId</code> when you
        ask for help. A 5xx never reveals internals, and retrying with the same <code>Idempotency-Key</code> is always safe.
      </p>
      <pre className="mt-6 overflow-x-auto rounded-lg bg-stone-900 p-4 text-sm text-stone-100">{EXAMPLE}</pre>
      <table className="mt-8 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-2 pr-4">Status</th>
            <th className="py-2 pr-4">Code</th>
            <th className="py-2 pr-4">When</th>
            <th className="py-2">What to do</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code} id={code} className="border-b border-stone-200 align-top target:bg-amber-50">
              <td className="py-3 pr-4 font-mono">{PROBLEM_STATUS[code]}</td>
              <td className="py-3 pr-4 font-mono">
                <a href={`#${code}`}>{code}</a>
              </td>
              <td className="py-3 pr-4"><MarkdownText text={ERROR_CATALOGUE[code].when} /></td>
              <td className="py-3"><MarkdownText text={ERROR_CATALOGUE[code].todo} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </DocsArticle>
  );
}
