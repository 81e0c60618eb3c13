import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageNonce } from "@/app/_lib/page-nonce";
import { MailPreviewFrame } from "@/components/dev-mailbox/mail-preview-frame";
import { devMailboxDir, readDevMailboxMessage } from "@/lib/mail/dev-mailbox";
import { htmlForPreview, textWithLinks } from "@/lib/mail/mail-preview";

export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * One message of the development mailbox: its headers, the HTML part in a sandboxed frame as
 * tall as the message (no scripts, no forms; links open in a new tab), and the text part with
 * its addresses clickable. Answers 404 in production.
 */
export default async function DevMailboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  if (process.env.NODE_ENV === "production") notFound();
  const { id } = await params;
  const message = await readDevMailboxMessage(devMailboxDir(), id);
  if (!message) notFound();
  const headers: [string, string][] = [
    ["Received", message.receivedAt],
    ["From", message.from],
    ["To", message.to],
    ["Subject", message.subject],
    ...(message.messageId ? ([["Message-ID", message.messageId]] as [string, string][]) : []),
    ...Object.entries(message.headers ?? {}),
  ];
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-6 py-10">
      <Link className="text-sm text-brand-700 underline" href="/dev/mailbox">← Mailbox</Link>
      <h1 className="font-serif text-2xl break-words text-brand-900">{message.subject || "(no subject)"}</h1>
      <dl className="grid grid-cols-[10rem_1fr] gap-y-1 text-sm">
        {headers.map(([name, value]) => (<div key={name} className="contents"><dt className="font-medium text-stone-600">{name}</dt><dd className="break-all">{value}</dd></div>))}
      </dl>
      <section aria-labelledby="html-part" className="space-y-2">
        <h2 id="html-part" className="text-lg font-semibold">HTML part</h2>
        <MailPreviewFrame html={htmlForPreview(message.html, await pageNonce())} title="HTML part of the message" />
      </section>
      <section aria-labelledby="text-part" className="space-y-2">
        <h2 id="text-part" className="text-lg font-semibold">Text part</h2>
        <pre tabIndex={0} className="overflow-auto rounded bg-white p-4 text-sm whitespace-pre-wrap ring-1 ring-stone-200">
          {textWithLinks(message.text).map((piece, i) =>
            "url" in piece ? (<a key={i} href={piece.url} target="_blank" rel="noopener" className="text-brand-700 underline">{piece.url}</a>) : piece.text,
          )}
        </pre>
      </section>
    </main>
  );
}
