import type { Metadata } from "next";
import { GuestDataFinder } from "@/components/panel/guest-data-finder";
import { RetentionForm } from "@/components/panel/retention-form";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { SettingsHeading } from "@/components/panel/settings-heading";
import { describePrivacyEvent } from "@/lib/audit/describe-privacy-event";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { formatDate } from "@/lib/dates/format-calendar-date";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { awaitingRetention, nextRetentionRun, retentionCutoff } from "@/lib/privacy/apply-retention";
import { GUEST_RETENTION_MONTHS } from "@/lib/privacy/set-guest-retention";
import { openProperty, openPropertyToday, requireStaff } from "../../../_lib/panel-session";
import { guestDataAction, setRetentionAction } from "./actions";

export const metadata: Metadata = { title: "Privacy" };

/**
 * Settings › Privacy: how long the hotel keeps its guests' data (the retention period, its next
 * run and what it will erase), and, for admins, a guest's data found by e-mail, exported and
 * erased (a guest's rights of access and erasure); the history of each.
 */
export default async function PrivacySettingsPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const [live, history] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: open.livePropertyId }, select: { guestRetentionMonths: true } }),
    listAuditEvents(db, { propertyId: open.propertyId, actions: ["guest_anonymised", "guest_data_exported", "property_settings_updated"], take: 100 }),
  ]);
  const isAdmin = open.role === "admin";
  const months = live.guestRetentionMonths;
  const nextRun = nextRetentionRun(new Date());
  const before = months === null ? null : retentionCutoff(openPropertyToday(open), months);
  const waiting = before === null ? 0 : await db.booking.count({ where: awaitingRetention(open.propertyId, before) });
  // Of the property's settings, only changes of the retention period belong here.
  const isPrivacyEvent = (event: (typeof history)[number]) =>
    event.action !== "property_settings_updated" || "guestRetentionMonths" in ((event.details as { changes?: object } | null)?.changes ?? {});
  const privacyHistory = history.filter(isPrivacyEvent).slice(0, 50);
  return (
    <div className="space-y-8">
      <SettingsHeading title="Privacy">
        <p className="mt-2 max-w-3xl text-stone-700">
          Guests have the right to see the data the hotel holds about them and to have it erased (GDPR articles 15 and 17), and the hotel
          keeps it no longer than it needs. Erasing anonymises: the booking stays for the hotel&apos;s accounts (dates, room, amounts, references),
          the guest&apos;s name, e-mail, phone, language and staff note go, everywhere they are kept (the booking&apos;s history, events, webhook
          bodies, e-mails). Partners are told with a <code>booking.anonymised</code> event (<code>booking_group.anonymised</code> for a group&apos;s booker).
        </p>
      </SettingsHeading>

      <section aria-labelledby="retention" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="retention" className="text-lg font-semibold">Retention period</h2>
        <p className="mt-1 mb-4 max-w-3xl text-sm text-stone-700" data-testid="retention-status">
          {months === null
            ? "Off: guests' data is kept until it is erased by hand."
            : `Guests are anonymised ${months} months after their checkout. Next run: ${formatInstant(nextRun, "UTC")} UTC, for stays that ended before ${formatDate(before!)} (${waiting} booking${waiting === 1 ? "" : "s"} waiting${open.mode === "test" ? ", by the test clock" : ""}).`}
          {open.mode === "test" && " Test mode follows the live property's period."}
        </p>
        {isAdmin ? (
          <RetentionForm propertyId={open.livePropertyId} limits={GUEST_RETENTION_MONTHS}
            initial={{ keep: months === null ? "off" : "on", months: String(months ?? GUEST_RETENTION_MONTHS.default) }} action={setRetentionAction} />
        ) : (
          <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can change the retention period.</p>
        )}
      </section>

      <section aria-labelledby="find-guest" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="find-guest" className="text-lg font-semibold">Find a guest&apos;s data</h2>
        <p className="mt-1 mb-4 max-w-3xl text-sm text-stone-700">
          Every booking {open.mode === "test" ? "of test mode " : ""}with the guest&apos;s e-mail (any capitals), and every booking group they booked.
          Export gives them a JSON file of it all: the bookings, their history and the e-mails sent to them. Erase refuses stays that have not ended:
          cancel them first, or wait for check-out.
        </p>
        {isAdmin ? (
          <GuestDataFinder propertyId={open.propertyId} exportUrl="/settings/privacy/export" action={guestDataAction} />
        ) : (
          <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700" data-testid="privacy-view-only">
            You have view access: only admins can find, export or erase a guest&apos;s data.
          </p>
        )}
      </section>

      <RoomsRatesHistory events={privacyHistory} timeZone={open.propertyTimezone} headingId="privacy-history" describe={describePrivacyEvent} />
    </div>
  );
}
