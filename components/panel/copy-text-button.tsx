"use client";

import { useState } from "react";

/** Copies a text (the widget's snippet) to the clipboard, and says so; the text itself stays selectable for browsers without a clipboard. */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="rounded border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}
