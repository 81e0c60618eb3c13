import type { Metadata } from "next";
import { SettingsHeading } from "@/components/panel/settings-heading";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { listTestMailbox } from "@/lib/test-mode/test-mailbox";
import { openProperty, requireStaff } from "../../../_lib/panel-session";

export const metadata: Metadata = { title: "Test mailbox" };

/** Settings › Test mailbox: the guest e-mails of test bookings, kept here (30 days) instead of being sent. */
export default async function TestMailboxPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const messages = open.mode === "test" ? await listTestMailbox(getDb(), open.propertyId) : [];
  return (
    <div className="space-y-6">
      <SettingsHeading title="Test mailbox">
        <p className="mt-2 max-w-3xl text-stone-700">
          The e-mails guests of test bookings would get (confirmations, changes, cancellations), exactly as they would get them, kept here
          for 30 days and never sent.
        </p>
      </SettingsHeading>
      {open.mode === "live" ? (
        <p className="text-stone-700">Open test mode (at the top of the page) to see the test mailbox: live e-mails go to the guests.</p>
      ) : messages.length === 0 ? (
        <p className="text-stone-700">No e-mail yet: book with a test key, or at the desk in test mode, and its confirmation shows here.</p>
      ) : (
        <ul className="space-y-3">
          {messages.map((message) => (
            <li key={message.id} className="rounded border border-stone-200 bg-white p-4">
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium">{message.subject}</span>
                  <span className="text-sm text-stone-600"> · to {message.to} · {formatInstant(message.keptAt, open.propertyTimezone)}</span>
                </summary>
                <p className="mt-3 text-sm text-stone-600">From {message.from}</p>
                <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-stone-800">{message.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
