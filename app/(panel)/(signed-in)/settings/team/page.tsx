import type { Metadata } from "next";
import { InviteStaffForm } from "@/components/panel/invite-staff-form";
import { RoomsRatesHistory } from "@/components/panel/rooms-rates-history";
import { type InvitationItem, PendingInvitations, TeamMembers } from "@/components/panel/team-row-actions";
import { describeTeamChange, TEAM_AUDIT_ACTIONS } from "@/lib/audit/describe-team-change";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { formatInstant } from "@/lib/dates/format-instant";
import { getDb } from "@/lib/db";
import { listTeam, type PendingInvitation, type TeamMember } from "@/lib/staff/list-team";
import { openProperty, requireStaff } from "../../../_lib/panel-session";
import { changeRoleAction, inviteAction, removeMemberAction, resendInvitationAction, resetSecondFactorAction, revokeInvitationAction, twoStepRequirementAction } from "./actions";
import { TwoStepRequirementForm } from "@/components/panel/two-step-requirement-form";
import { SettingsHeading } from "@/components/panel/settings-heading";

export const metadata: Metadata = { title: "Team" };

const memberActions = { changeRole: changeRoleAction, remove: removeMemberAction, resetSecondFactor: resetSecondFactorAction };

/** A member's second factors in words. */
function twoStepWords(member: TeamMember): string {
  const factors = [...(member.passkeys ? [`${member.passkeys} passkey${member.passkeys === 1 ? "" : "s"}`] : []), ...(member.codes ? ["codes"] : [])];
  return factors.length ? factors.join(", ") : "none";
}
const invitationActions = { resend: resendInvitationAction, revoke: revokeInvitationAction };

/** Where an invitation's e-mail stands, in words. */
function emailState(invitation: PendingInvitation, when: (at: Date) => string): string {
  const email = invitation.lastEmail;
  if (!email) return "no e-mail";
  if (email.status === "succeeded") return `e-mail sent ${when(email.sentAt!)}`;
  if (email.status === "failed") return `e-mail ${email.lastError ?? "not sent"}`;
  return email.lastError ? `e-mail waiting: the last attempt ${email.lastError}; trying again ${email.nextAttemptAt ? when(email.nextAttemptAt) : "soon"}` : "e-mail being sent";
}

/** An invitation in words: whom, as what, by whom, until when, and where its e-mail stands. */
function invitationItem(invitation: PendingInvitation, when: (at: Date) => string): InvitationItem {
  const validity = invitation.expired ? `Expired ${when(invitation.expiresAt)}: resend it for a new link` : `Link valid until ${when(invitation.expiresAt)}`;
  return {
    id: invitation.id,
    email: invitation.email,
    summary: `${invitation.name ? `(${invitation.name}) ` : ""}as ${invitation.role}, invited by ${invitation.invitedByLabel} ${when(invitation.createdAt)}`,
    state: `${validity}; ${emailState(invitation, when)}.`,
    expired: invitation.expired,
  };
}

/** Settings › Team: the property's staff and their roles; admins invite, change roles, remove, and resend or revoke invitations; the history. */
export default async function TeamPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const when = (at: Date) => formatInstant(at, open.propertyTimezone);
  const db = getDb();
  const [{ members, invitations }, history, property] = await Promise.all([
    listTeam(db, { propertyId: open.livePropertyId, now: new Date() }),
    listAuditEvents(db, { propertyId: open.livePropertyId, actions: TEAM_AUDIT_ACTIONS }),
    db.property.findUniqueOrThrow({ where: { id: open.livePropertyId }, select: { requireTwoStep: true } }),
  ]);
  const isAdmin = open.role === "admin";
  return (
    <div className="space-y-8">
      <SettingsHeading title="Team">
        <p className="mt-2 text-stone-700">
          Who works in this panel for {open.propertyName}. Admins change everything here (rooms, rates, bookings, keys, webhooks and the team); viewers see it all and change nothing.
        </p>
      </SettingsHeading>

      {!isAdmin && (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">You have view access: only admins can invite colleagues, change roles or remove someone.</p>
      )}

      <section aria-labelledby="members">
        <h2 id="members" className="text-lg font-semibold">Members</h2>
        <TeamMembers propertyId={open.livePropertyId} members={members.map((member) => ({ ...member, twoStep: twoStepWords(member), hasSecondFactor: member.passkeys > 0 || member.codes }))} selfId={staff.staffUserId} hotelName={open.propertyName} isAdmin={isAdmin} actions={memberActions} />
      </section>

      <section aria-labelledby="two-step-required" className="space-y-2">
        <h2 id="two-step-required" className="text-lg font-semibold">Two-step sign-in</h2>
        <p className="text-sm text-stone-700">
          {property.requireTwoStep
            ? "Required: every member signs in with a passkey, or with a password and a code. A member without either is sent to set one up and reaches no other page until they have."
            : "Not required: each member chooses (Account › Sign-in security)."}
        </p>
        {isAdmin && <TwoStepRequirementForm propertyId={open.livePropertyId} required={property.requireTwoStep} action={twoStepRequirementAction} />}
      </section>

      {isAdmin && <InviteStaffForm propertyId={open.livePropertyId} action={inviteAction} />}

      <section aria-labelledby="invitations">
        <h2 id="invitations" className="text-lg font-semibold">Pending invitations</h2>
        <PendingInvitations propertyId={open.livePropertyId} invitations={invitations.map((invitation) => invitationItem(invitation, when))} isAdmin={isAdmin} actions={invitationActions} />
      </section>

      <RoomsRatesHistory events={history} timeZone={open.propertyTimezone} headingId="team-history" describe={describeTeamChange} />
    </div>
  );
}
