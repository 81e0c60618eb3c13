import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { devMailboxDir, listDevMailbox } from "@/lib/mail/dev-mailbox";

export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };
// Read at request time: never prerendered by `next build`, and never served in production.
export const dynamic = "force-dynamic";

const when = (iso: string) => iso.replace("T", " ").slice(0, 19) + " UTC";

/** The e-mails the app "sent" in development (SMTP_URL unset): newest first. Answers 404 in production. */
export default async function DevMailboxPage() {
  if (process.env.NODE_ENV === "production") notFound();
  const messages = await listDevMailbox(devMailboxDir(), 100);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-6 py-10">
      <div>
        <p className="text-sm text-stone-500">Development only</p>
        <h1 className="font-serif text-3xl text-brand-900">Mailbox</h1>
        <p className="mt-2 text-sm text-stone-700">E-mails written to <code className="break-all">{devMailboxDir()}</code> instead of being sent. Newest first.</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300"><th className="py-2 pr-4">Received</th><th className="py-2 pr-4">To</th><th className="py-2">Subject</th></tr>
          </thead>
          <tbody>
            {messages.length === 0 && (<tr><td colSpan={3} className="py-4 text-stone-500">No messages yet.</td></tr>)}
            {messages.map((message) => (
              <tr key={message.id} className="border-b border-stone-200 align-top">
                <td className="py-3 pr-4 whitespace-nowrap">{when(message.receivedAt)}</td>
                <td className="py-3 pr-4 break-all">{message.to}</td>
                <td className="py-3"><Link className="text-brand-700 underline" href={`/dev/mailbox/${message.id}`}>{message.subject || "(no subject)"}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
