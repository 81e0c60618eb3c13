import type { Metadata } from "next";
import { connection } from "next/server";
import { AcceptInvitationForm } from "@/components/panel/accept-invitation-form";
import { SignedOutPage } from "@/components/panel/signed-out-page";
import { getDb } from "@/lib/db";
import { formatInstant } from "@/lib/dates/format-instant";
import { findOpenInvitation, INVALID_INVITATION } from "@/lib/staff/staff-invitations";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Join the team" };

/**
 * An invitation's page (the link in its e-mail, public): who invites, to which hotel, with
 * which role, and the form to accept. Opening it changes nothing (mail scanners open links);
 * accepting does. A link that opens nothing gets one page whatever the reason.
 */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const invitation = await findOpenInvitation(getDb(), token, new Date());
  if (!invitation) {
    return (
      <SignedOutPage title="Invitation">
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">{INVALID_INVITATION}</p>
      </SignedOutPage>
    );
  }
  return (
    <SignedOutPage title={`Join ${invitation.property.name}`}>
      <p className="mt-4 text-stone-700">
        {invitation.invitedByLabel} invited <strong className="break-all">{invitation.email}</strong> to the team of {invitation.property.name} as {invitation.role === "admin" ? "an admin" : "a viewer"}.
        The link works until {formatInstant(invitation.expiresAt, invitation.property.timezone)} ({invitation.property.timezone} time).
      </p>
      {invitation.hasAccount && <p className="mt-2 text-stone-700">You already have an account: give its password to add {invitation.property.name} to it. Your password and name stay as they are.</p>}
      <AcceptInvitationForm token={token} hasAccount={invitation.hasAccount} email={invitation.email} name={invitation.name} invalidMessage={INVALID_INVITATION} action={acceptInvitationAction} />
    </SignedOutPage>
  );
}
