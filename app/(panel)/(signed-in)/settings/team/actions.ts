"use server";

import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import type { InviteFormValues, InviteState, TeamActionState } from "@/components/panel/team-form-states";
import { getDb } from "@/lib/db";
import { isDomainError, type FieldError } from "@/lib/errors";
import { staffLinkBox } from "@/lib/mail/staff-link-box";
import { PropertyIdSchema, idSchema } from "@/lib/schemas/common";
import { changeStaffRole } from "@/lib/staff/change-staff-role";
import { inviteStaffMember } from "@/lib/staff/invite-staff-member";
import { resendInvitation, revokeInvitation } from "@/lib/staff/manage-invitation";
import { removeStaffMember } from "@/lib/staff/remove-staff-member";
import { resetSecondFactor } from "@/lib/staff/reset-second-factor";
import { setTwoStepRequirement } from "@/lib/staff/two-step-requirement";
import { staffActor } from "@/lib/staff/staff-actor";
import { authorizeAction, PROPERTY_COOKIE, SESSION_COOKIE } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";

const PAGE = "/settings/team";
const MemberForm = z.object({ propertyId: PropertyIdSchema, staffUserId: idSchema("staff", "staff_5f3k9q2m8x1c7v4b6n0t") });
const RoleForm = MemberForm.extend({ role: z.enum(["admin", "viewer"]) });
const InvitationForm = z.object({ propertyId: PropertyIdSchema, invitationId: idSchema("inv", "inv_5f3k9q2m8x1c7v4b6n0t") });

/** The signed-in admin of the form's property (an id edited into the form: 404), or a viewer's refusal. */
async function authorizeForm<T extends z.ZodType<{ propertyId: string }>>(schema: T, form: FormData) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) notFound();
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage", "live");
  return { data: parsed.data as z.infer<T>, staff, actor: staffActor(staff), error };
}

/** Invite a colleague (admins): an invitation and its e-mail, queued; the link is never shown here. */
export async function inviteAction(_previous: InviteState, form: FormData): Promise<InviteState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const values: InviteFormValues = { email: String(form.get("email") ?? "").slice(0, 300), name: String(form.get("name") ?? "").slice(0, 300), role: String(form.get("role") ?? "") };
  const { staff, error } = await authorizeAction(propertyId.data, "manage", "live");
  if (error) return { values, error };
  return runPanelAction<InviteState>(PAGE, async () => {
    try {
      const invited = await inviteStaffMember(getDb(), { propertyId: propertyId.data, ...values, actor: staffActor(staff), linkBox: staffLinkBox() });
      return { done: `Invitation sent to ${invited.email}${invited.replaced ? " (the earlier one no longer works)" : ""}. Its link works for 72 hours.` };
    } catch (failure) {
      if (!isDomainError(failure, "validation_failed")) throw failure;
      const fieldErrors = Object.fromEntries((failure.details.errors as FieldError[]).map(({ field, message }) => [field, message]));
      return { values, fieldErrors, error: "Check the highlighted fields." };
    }
  });
}

export async function changeRoleAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, actor, error } = await authorizeForm(RoleForm, form);
  if (error) return { error };
  return runPanelAction<TeamActionState>(PAGE, async () => {
    const result = await changeStaffRole(getDb(), { propertyId: data.propertyId, staffUserId: data.staffUserId, role: data.role, actor });
    return { done: result.changed ? `${result.displayName} is now ${result.to === "admin" ? "an admin" : "a viewer"}.` : `${result.displayName} already was ${result.to === "admin" ? "an admin" : "a viewer"}.` };
  });
}

/** Remove someone (admins); removing yourself signs you out here too, as everywhere. */
export async function removeMemberAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, staff, actor, error } = await authorizeForm(MemberForm, form);
  if (error) return { error };
  const answer = await runPanelAction<TeamActionState>(PAGE, async () => {
    const removed = await removeStaffMember(getDb(), { propertyId: data.propertyId, staffUserId: data.staffUserId, actor });
    return { done: `${removed.displayName} was removed from the team and signed out.` };
  });
  if (answer.done && data.staffUserId === staff.staffUserId) {
    const jar = await cookies();
    jar.delete(SESSION_COOKIE);
    jar.delete(PROPERTY_COOKIE);
    redirect("/login");
  }
  return answer;
}

export async function resendInvitationAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, actor, error } = await authorizeForm(InvitationForm, form);
  if (error) return { error };
  return runPanelAction<TeamActionState>(PAGE, async () => {
    const { email } = await resendInvitation(getDb(), { ...data, actor, linkBox: staffLinkBox() });
    return { done: `A new link was sent to ${email}, for 72 hours; the earlier one no longer works.` };
  });
}

export async function revokeInvitationAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, actor, error } = await authorizeForm(InvitationForm, form);
  if (error) return { error };
  return runPanelAction<TeamActionState>(PAGE, async () => {
    const { email } = await revokeInvitation(getDb(), { ...data, actor });
    return { done: `The invitation of ${email} is revoked: its link no longer works.` };
  });
}

/** Resets a member's second factor (admins; not their own): passkeys and codes gone, signed out, e-mailed. */
export async function resetSecondFactorAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, actor, error } = await authorizeForm(MemberForm, form);
  if (error) return { error };
  return runPanelAction<TeamActionState>(PAGE, async () => {
    const reset = await resetSecondFactor(getDb(), { propertyId: data.propertyId, staffUserId: data.staffUserId, actor });
    return { done: `The two-step sign-in of ${reset.displayName} was reset: they were signed out and e-mailed.` };
  });
}

const RequirementForm = z.object({ propertyId: PropertyIdSchema, required: z.enum(["on", "off"]) });

/** Requires two-step sign-in of the whole team, or stops requiring it (admins). */
export async function twoStepRequirementAction(_previous: TeamActionState, form: FormData): Promise<TeamActionState> {
  const { data, actor, error } = await authorizeForm(RequirementForm, form);
  if (error) return { error };
  return runPanelAction<TeamActionState>(PAGE, async () => {
    const required = data.required === "on";
    const result = await setTwoStepRequirement(getDb(), { propertyId: data.propertyId, required, actor });
    if (!required) return { done: "Two-step sign-in is no longer required: members choose for themselves." };
    const without = result.membersWithout === 0 ? "Every member has a second factor." : `${result.membersWithout} member(s) without one are sent to set it up at their next page.`;
    return { done: `Two-step sign-in is required of the team. ${without}` };
  });
}
