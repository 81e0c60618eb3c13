"use client";

import { useState } from "react";
import type { ShownSecret } from "./webhook-form-states";

/** A webhook signing secret, shown once with a copy button, how to verify with it, and (after a rotation) the 24-hour overlap. */
export function ShownOnceSecret({ shown, url }: { shown: ShownSecret; url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-medium text-amber-900">
        {shown.verb === "Created" ? "Endpoint added" : "Secret rotated"} for <span className="break-all">{url}</span>. Copy its signing secret now:{" "}
        <strong>it will not be shown again.</strong>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="new-webhook-secret" className="rounded bg-white px-3 py-2 font-mono break-all text-stone-900">{shown.secret}</code>
        <button type="button" onClick={() => navigator.clipboard?.writeText(shown.secret).then(() => setCopied(true))}
          className="rounded-md border border-amber-400 bg-white px-3 py-2 hover:bg-amber-100">
          {copied ? "Copied" : "Copy secret"}
        </button>
      </div>
      <p className="mt-3 text-amber-900">
        Verify each request with the <code>standardwebhooks</code> library (<code>new Webhook(secret).verify(body, headers)</code>): it checks the
        webhook-id, webhook-timestamp and webhook-signature headers against the raw body.
      </p>
      {shown.verb === "Rotated" && (
        <p className="mt-2 text-amber-900">The old secret keeps signing beside the new one for 24 hours, so your receiver can switch without missing events.</p>
      )}
    </div>
  );
}
