import type { ReactNode } from "react";

/** A page of the partner API's docs beside the reference (/docs/errors, /docs/test-mode): a way back, the title, the text. */
export function DocsArticle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-4xl px-6 py-12 text-stone-800">
      <p className="text-sm">
        <a className="text-brand-700 underline" href="/docs">
          ← API reference
        </a>
      </p>
      <h1 className="mt-4 font-serif text-4xl text-brand-900">{title}</h1>
      {children}
    </main>
  );
}
