import type { Metadata } from "next";
import { BookingEngineForm } from "@/components/panel/booking-engine-form";
import { engineFormValues } from "@/components/panel/booking-engine-form-states";
import { CopyTextButton } from "@/components/panel/copy-text-button";
import { SettingsHeading } from "@/components/panel/settings-heading";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { engineSiteUrl, engineSnippet } from "@/lib/booking-engine/engine-snippet";
import { WIDGET_INTEGRITY } from "@/lib/booking-engine/widget-script";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { getEnv, publicBaseUrl } from "@/lib/env";
import { languageName, SITE_LANGUAGES } from "@/lib/i18n/guest-words";
import { PLAN_RULES } from "@/lib/properties/plans";
import { openProperty, requireStaff } from "../../../_lib/panel-session";
import { rotateEngineKeyAction, saveEngineSettingsAction, switchEngineAction } from "./actions";

export const metadata: Metadata = { title: "Booking engine" };

/** Each language in itself and in English: "Deutsch (German)". */
const LANGUAGES = SITE_LANGUAGES.map((code) => ({ code, name: code === "en" ? "English" : `${languageName(code)} (${new Intl.DisplayNames(["en"], { type: "language" }).of(code)})` }));

const BUTTON = "rounded-md border border-stone-300 px-3 py-2 text-sm hover:bg-stone-100";

/** Settings › Booking engine: on or off, the snippet for the hotel's own site, the allowed sites and looks, the engine's key, the history. */
export default async function BookingEnginePage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const [property, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.livePropertyId }, include: { bookingEngine: { include: { apiKey: { select: { hint: true } } } } } }),
    listAuditEvents(db, { propertyId: open.livePropertyId, actions: ["booking_engine_enabled", "booking_engine_disabled", "booking_engine_updated", "booking_engine_key_rotated"] }),
  ]);
  const engine = property.bookingEngine;
  const isAdmin = open.role === "admin";
  const base = publicBaseUrl(getEnv());
  const snippet = engineSnippet(base, property.slug);
  const canWrite = PLAN_RULES[property.plan].canWrite;
  return (
    <div className="space-y-8">
      <SettingsHeading title="Booking engine">
        <p className="mt-2 max-w-3xl text-stone-700">
          Your own booking site at <code>/hotels/{property.slug}</code>, and the same booking flow inside your hotel&apos;s website with one
          line of HTML. It books through the partner API with a key of its own that never reaches a browser, and needs no cookies, so it
          works in Safari and in browsers that block third-party cookies.
        </p>
      </SettingsHeading>

      <section aria-labelledby="engine-status" className="space-y-3">
        <h2 id="engine-status" className="text-lg font-semibold">
          The engine is {engine?.enabled ? "on" : "off"}
        </h2>
        {!canWrite ? (
          <p className="text-sm text-stone-700">The booking engine books, so it needs the Starter plan or higher: the Free plan reads only.</p>
        ) : isAdmin ? (
          <form action={switchEngineAction}>
            <input type="hidden" name="propertyId" value={property.id} />
            <input type="hidden" name="on" value={engine?.enabled ? "no" : "yes"} />
            <button type="submit" className={BUTTON}>{engine?.enabled ? "Turn the booking engine off" : "Turn the booking engine on"}</button>
          </form>
        ) : (
          <p className="text-sm text-stone-700">You have view access: only admins can turn it on or off and change it.</p>
        )}
      </section>

      {engine?.enabled && (
        <>
          <section aria-labelledby="engine-snippet" className="space-y-2">
            <h2 id="engine-snippet" className="text-lg font-semibold">On your website</h2>
            <p className="text-sm text-stone-700">Paste this line where the booking form should appear (anywhere in the page; it loads without slowing it):</p>
            <pre data-testid="engine-snippet" className="overflow-x-auto rounded bg-stone-900 p-3 text-sm text-stone-100">{snippet}</pre>
            <CopyTextButton text={snippet} label="Copy the snippet" />
            <p className="text-sm text-stone-700">
              To pin this version of the script, add <code>integrity=&quot;{WIDGET_INTEGRITY}&quot; crossorigin=&quot;anonymous&quot;</code> to the tag
              (the hash changes when we update the widget).
            </p>
            <p className="text-sm text-stone-700">
              Or link to your booking site: <a className="text-brand-700 underline" href={engineSiteUrl(base, property.slug)}>{engineSiteUrl(base, property.slug)}</a>.
              If your website sends a Content-Security-Policy, add <code>{new URL(base).origin}</code> to its <code>frame-src</code>.
            </p>
          </section>

          <section aria-labelledby="engine-preview" className="space-y-2">
            <h2 id="engine-preview" className="text-lg font-semibold">Preview</h2>
            <p className="text-sm text-stone-700">The widget as your website shows it, with the settings saved below (a booking made in it is a real booking).</p>
            <iframe
              key={engine.updatedAt.toISOString()}
              src={`/hotels/${property.slug}/embed`}
              title="Preview of your booking widget"
              data-testid="engine-preview"
              className="h-[36rem] w-full max-w-xl rounded-lg border border-stone-300 bg-white"
            />
          </section>

          {isAdmin && (
            <section aria-labelledby="engine-settings" className="space-y-3">
              <h2 id="engine-settings" className="text-lg font-semibold">Sites, colour and language</h2>
              <BookingEngineForm propertyId={property.id} initial={engineFormValues(engine)} languages={LANGUAGES} action={saveEngineSettingsAction} />
            </section>
          )}

          <section aria-labelledby="engine-key" className="space-y-2">
            <h2 id="engine-key" className="text-lg font-semibold">The engine&apos;s key</h2>
            <p className="text-sm text-stone-700">
              <span className="font-mono">{engine.apiKey?.hint}</span>, listed among your API keys as &quot;Booking engine&quot;. Our server keeps
              it sealed and books with it; rotating it stops the old value at once and the site books on with the new one.
            </p>
            {isAdmin && (
              <form action={rotateEngineKeyAction}>
                <input type="hidden" name="propertyId" value={property.id} />
                <button type="submit" className={BUTTON}>Rotate the engine&apos;s key</button>
              </form>
            )}
          </section>
        </>
      )}

      <section aria-labelledby="engine-history">
        <h2 id="engine-history" className="text-lg font-semibold">History</h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Nothing yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {history.map((event) => (
              <li key={event.id}>
                {formatInstant(event.createdAt, open.propertyTimezone)} · {event.actorLabel} {EVENT_WORDS[event.action] ?? event.action}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const EVENT_WORDS: Record<string, string> = {
  booking_engine_enabled: "turned the booking engine on",
  booking_engine_disabled: "turned the booking engine off",
  booking_engine_updated: "changed its settings",
  booking_engine_key_rotated: "rotated its key",
};
