"use client";

import { useState } from "react";

/** A key value, shown once with a copy button and a plain warning. */
export function ShownOnceKey({ verb, label, value }: { verb: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-medium text-amber-900">
        {verb} key “{label}”. Copy it now: <strong>it will not be shown again.</strong>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="new-key-value" className="rounded bg-white px-3 py-2 font-mono text-sm break-all text-stone-900">
          {value}
        </code>
        <button type="button" onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true))}
          className="rounded-md border border-amber-400 bg-white px-3 py-2 text-sm hover:bg-amber-100">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
