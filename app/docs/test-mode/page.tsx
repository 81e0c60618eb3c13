import type { Metadata } from "next";
import { DocsArticle } from "@/components/docs/docs-article";
import { MarkdownText } from "@/components/docs/markdown-text";
import { PROBLEM_STATUS } from "@/lib/schemas/problem";
import { ERROR_CATALOGUE } from "@/lib/docs/error-catalogue";
import { operationsPlaying, SCENARIO_HEADERS, SCENARIOS } from "@/lib/http/test-scenarios";
import { TEST_CLOCK_MAX_DAYS } from "@/lib/test-mode/test-clock";

export const metadata: Metadata = { title: "Partner API test mode" };

/** Test mode for integrators: test keys, the test twin, the test clock and the Test-Scenario table. */
export default function TestModePage() {
  return (
    <DocsArticle title="Test mode">
      <p className="mt-4">
        Every hotel has a test mode beside its live one. A <strong>test key</strong> (<code>rbp_test_…</code>, made in the control panel in
        test mode, or with <code>key create SLUG --test</code>) works on the hotel&apos;s <strong>test twin</strong>: a copy of its room types,
        rates, restrictions and rate plans, with bookings, events, webhook endpoints and e-mails of its own. Nothing you do with a test key
        is real: no room is taken, the hotel&apos;s staff see nothing in live mode, test bookings&apos; references start with{" "}
        <code>TEST-</code>, events say <code>&quot;mode&quot;: &quot;test&quot;</code>, webhook endpoints made with a test key receive only
        test events, and guest e-mails are kept in the hotel&apos;s test mailbox, never sent. <code>GET /me</code> says{" "}
        <code>&quot;mode&quot;: &quot;test&quot;</code>. A test key has the live plan&apos;s limits, counted apart from live traffic.
      </p>

      <h2 className="mt-10 font-serif text-2xl text-brand-900">The test clock</h2>
      <p className="mt-3">
        Cancellation deadlines and stays in progress can be tried without waiting: <code>PUT /partner/v1/test-clock</code> with{" "}
        <code>{`{ "today": "YYYY-MM-DD" }`}</code> (a test write key; from the real today at the property to {TEST_CLOCK_MAX_DAYS} days
        after it) moves the twin&apos;s today, and every rule reads it: availability&apos;s earliest check-in, changes, cancellations and
        their fees. <code>DELETE /partner/v1/test-clock</code> puts it back to the real date. Timestamps of events and requests stay real.
      </p>

      <h2 className="mt-10 font-serif text-2xl text-brand-900">Scenarios: every error on demand</h2>
      <p className="mt-3">
        With a test key, the header <code>Test-Scenario: &lt;scenario&gt;</code> makes a request answer exactly as the API does when that
        really happens (status, problem body, headers), after your key, the rate limit, the plan and the scope are checked. Nothing is
        stored: not a booking, not an <code>Idempotency-Key</code>. An unknown scenario, or one the operation cannot answer, is 400{" "}
        <code>validation_failed</code> on the header; with a live key the header is 400 <code>invalid_request</code>, so it can never slip
        into production unnoticed.
      </p>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-2 pr-4">Test-Scenario</th>
            <th className="py-2 pr-4">Status and code</th>
            <th className="py-2 pr-4">Headers</th>
            <th className="py-2 pr-4">Operations</th>
            <th className="py-2">What to do</th>
          </tr>
        </thead>
        <tbody>
          {SCENARIOS.map((scenario) => {
            const operations = operationsPlaying(scenario);
            return (
              <tr key={scenario} id={scenario} className="border-b border-stone-200 align-top">
                <td className="py-3 pr-4 font-mono">{scenario}</td>
                <td className="py-3 pr-4 font-mono">
                  {PROBLEM_STATUS[scenario]} <a href={`/docs/errors#${scenario}`}>{scenario}</a>
                </td>
                <td className="py-3 pr-4">{SCENARIO_HEADERS[scenario]}</td>
                <td className="py-3 pr-4">{operations === "every operation" ? operations : operations.join(", ")}</td>
                <td className="py-3"><MarkdownText text={ERROR_CATALOGUE[scenario].todo} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </DocsArticle>
  );
}
