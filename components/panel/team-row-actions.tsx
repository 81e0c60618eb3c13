"use client";

import { useActionState } from "react";
import type { TeamActionState } from "./team-form-states";

type Action = (state: TeamActionState, form: FormData) => Promise<TeamActionState>;

const button = "rounded border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100 disabled:opacity-60";
const danger = "rounded border border-red-300 px-2 py-1 text-sm text-red-700 hover:bg-red-50 disabled:opacity-60";

function confirmThen(message: string) {
  return (event: React.FormEvent) => {
    if (!window.confirm(message)) event.preventDefault();
  };
}

function Answers({ answers }: { answers: TeamActionState[] }) {
  return answers.map((answer, i) =>
    answer.error ? <p key={i} role="alert" className="text-sm text-red-700">{answer.error}</p> : answer.done && <p key={i} role="status" className="text-sm text-green-800">{answer.done}</p>,
  );
}

/** `twoStep`: their second factors in words ("passkey, codes"; "none"). */
type Member = { staffUserId: string; email: string; name: string; displayName: string; role: "admin" | "viewer"; twoStep: string; hasSecondFactor: boolean };

type MembersProps = {
  propertyId: string;
  members: Member[];
  /** The signed-in staff member (their row says "you", and Remove reads Leave). */
  selfId: string;
  hotelName: string;
  /** Admins get Change role and Remove on each row. */
  isAdmin: boolean;
  actions: { changeRole: Action; remove: Action; resetSecondFactor: Action };
};

/** The team's table; for admins, each member's Change role and Remove (after a confirmation), whose answer stays above the table once the row is gone. */
export function TeamMembers({ propertyId, members, selfId, hotelName, isAdmin, actions }: MembersProps) {
  const [removed, removeAction, removing] = useActionState(actions.remove, {});
  const [reset, resetAction, resetting] = useActionState(actions.resetSecondFactor, {});
  return (
    <div className="mt-3 space-y-2">
      <Answers answers={[removed, reset]} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th className="py-2 pr-4">Name</th><th className="py-2 pr-4">E-mail</th><th className="py-2 pr-4">Role</th><th className="py-2 pr-4">Two-step sign-in</th>
              {isAdmin && <th className="py-2">Change</th>}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const isSelf = member.staffUserId === selfId;
              const removal = isSelf
                ? `Remove yourself from ${hotelName}? You are signed out at once and can come back only if invited again.`
                : `Remove ${member.displayName} from ${hotelName}? Their sessions end at once.`;
              return (
                <tr key={member.staffUserId} data-testid={`member-${member.email}`} className="border-b border-stone-200 align-top">
                  <td className="py-3 pr-4 font-medium">{member.name || "—"}{isSelf && <span className="text-stone-500"> (you)</span>}</td>
                  <td className="py-3 pr-4 break-all">{member.email}</td>
                  <td className="py-3 pr-4">{member.role}</td>
                  <td className="py-3 pr-4">{member.twoStep}</td>
                  {isAdmin && (
                    <td className="space-y-1 py-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <RoleForm propertyId={propertyId} member={member} action={actions.changeRole} />
                        <form action={removeAction} onSubmit={confirmThen(removal)}>
                          <input type="hidden" name="propertyId" value={propertyId} />
                          <input type="hidden" name="staffUserId" value={member.staffUserId} />
                          <button type="submit" disabled={removing} className={danger}>{isSelf ? "Leave" : "Remove"}<span className="sr-only"> {member.displayName}</span></button>
                        </form>
                        {!isSelf && member.hasSecondFactor && (
                          <form action={resetAction} onSubmit={confirmThen(`Reset the two-step sign-in of ${member.displayName}? Their passkeys, codes and recovery codes stop working, they are signed out, and they are e-mailed.`)}>
                            <input type="hidden" name="propertyId" value={propertyId} />
                            <input type="hidden" name="staffUserId" value={member.staffUserId} />
                            <button type="submit" disabled={resetting} className={danger}>Reset two-step<span className="sr-only"> of {member.displayName}</span></button>
                          </form>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A member's role and Change role, with its answer beside it. */
function RoleForm({ propertyId, member, action }: { propertyId: string; member: Member; action: Action }) {
  const [changed, changeAction, changing] = useActionState(action, {});
  const selectId = `role-${member.staffUserId}`;
  return (
    <div>
      <form action={changeAction} className="flex items-center gap-2">
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="staffUserId" value={member.staffUserId} />
        <label htmlFor={selectId} className="sr-only">Role of {member.displayName}</label>
        <select id={selectId} name="role" defaultValue={member.role} className="rounded border border-stone-300 px-2 py-1 text-sm">
          <option value="admin">admin</option>
          <option value="viewer">viewer</option>
        </select>
        <button type="submit" disabled={changing} className={button}>Change role<span className="sr-only"> of {member.displayName}</span></button>
      </form>
      <Answers answers={[changed]} />
    </div>
  );
}

/** An unanswered invitation as the page words it (on the server, in the hotel's time zone). */
export type InvitationItem = { id: string; email: string; summary: string; state: string; expired: boolean };

type InvitationsProps = { propertyId: string; invitations: InvitationItem[]; isAdmin: boolean; actions: { resend: Action; revoke: Action } };

/** The unanswered invitations; for admins, each one's Resend (a new link, 72 hours more) and Revoke (after a confirmation), whose answer stays once the invitation is gone. */
export function PendingInvitations({ propertyId, invitations, isAdmin, actions }: InvitationsProps) {
  const [revoked, revokeAction, revoking] = useActionState(actions.revoke, {});
  return (
    <div className="mt-3 space-y-2">
      <Answers answers={[revoked]} />
      {invitations.length === 0 && <p className="text-sm text-stone-600">None.</p>}
      <ul className="space-y-3">
        {invitations.map((invitation) => (
          <li key={invitation.id} data-testid={`invitation-${invitation.email}`} className="rounded-lg border border-stone-200 bg-white p-4 text-sm">
            <p><strong className="break-all">{invitation.email}</strong> {invitation.summary}</p>
            <p className={invitation.expired ? "text-red-700" : "text-stone-600"}>{invitation.state}</p>
            {isAdmin && (
              <div className="mt-2 flex flex-wrap items-start gap-2">
                <ResendForm propertyId={propertyId} invitation={invitation} action={actions.resend} />
                <form action={revokeAction} onSubmit={confirmThen(`Revoke the invitation of ${invitation.email}? Its link stops working.`)}>
                  <input type="hidden" name="propertyId" value={propertyId} />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <button type="submit" disabled={revoking} className={danger}>Revoke<span className="sr-only"> the invitation of {invitation.email}</span></button>
                </form>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ResendForm({ propertyId, invitation, action }: { propertyId: string; invitation: InvitationItem; action: Action }) {
  const [resent, resendAction, resending] = useActionState(action, {});
  return (
    <div>
      <form action={resendAction}>
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <button type="submit" disabled={resending} className={button}>Resend<span className="sr-only"> the invitation of {invitation.email}</span></button>
      </form>
      <Answers answers={[resent]} />
    </div>
  );
}
