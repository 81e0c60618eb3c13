import type { Metadata } from "next";
import { AccountSessions } from "@/components/panel/account-sessions";
import { ChangeNameForm } from "@/components/panel/change-name-form";
import { ChangePasswordForm } from "@/components/panel/change-password-form";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { describeUserAgent } from "@/lib/staff/describe-user-agent";
import { listStaffSessions } from "@/lib/staff/staff-sessions";
import { openProperty, requireStaff } from "../../_lib/panel-session";
import { changeNameAction, changePasswordAction, endOtherSessionsAction, endSessionAction } from "./actions";

export const metadata: Metadata = { title: "Account" };

/** Account: the member's name, password and sessions (times on the open property's clock, else UTC). */
export default async function AccountPage() {
  const staff = await requireStaff();
  const sessions = await listStaffSessions(getDb(), staff.staffUserId);
  // A member of no property (all removed) still has an account page: UTC then.
  const timeZone = staff.memberships.length ? (await openProperty(staff)).propertyTimezone : "UTC";
  const at = (instant: Date) => formatInstant(instant, timeZone);
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">Account</h1>
      <p className="text-sm text-stone-700">Signed in as {staff.email}.</p>
      <h2 className="font-serif text-xl text-brand-900">Your name</h2>
      <ChangeNameForm name={staff.name} action={changeNameAction} />
      <h2 className="font-serif text-xl text-brand-900">Password</h2>
      <ChangePasswordForm action={changePasswordAction} />
      <h2 className="font-serif text-xl text-brand-900">Sessions</h2>
      <p className="text-sm text-stone-700">
        Every browser signed in as you ({timeZone} time). End one you do not know, or one left signed in on a shared computer:
        it is signed out at its next click. Changing your password signs out all the others.
      </p>
      <AccountSessions
        sessions={sessions.map((session) => ({
          id: session.id,
          browser: describeUserAgent(session.userAgent),
          ipAddress: session.ipAddress ?? "not known",
          signedIn: at(session.createdAt),
          lastActive: at(session.lastActiveAt),
          current: session.id === staff.sessionId,
        }))}
        endOne={endSessionAction}
        endOthers={endOtherSessionsAction}
      />
    </div>
  );
}
