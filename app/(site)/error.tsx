"use client";

/** Anything the site's pages did not expect (the booking system not answering, mostly): a retry, no internals. */
export default function SiteError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">Something went wrong</h1>
      <p className="text-stone-800">We could not load this page just now. Nothing you booked is lost.</p>
      <button type="button" onClick={reset} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900">Try again</button>
    </div>
  );
}
