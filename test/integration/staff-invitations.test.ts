import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { isDomainError } from "@/lib/errors";
import { acceptInvitation } from "@/lib/staff/accept-invitation";
import { inviteStaffMember } from "@/lib/staff/invite-staff-member";
import { sendStaffEmail } from "@/lib/mail/send-staff-email";
import { listTeam } from "@/lib/staff/list-team";
import { resendInvitation, revokeInvitation } from "@/lib/staff/manage-invitation";
import { verifyPassword } from "@/lib/staff/password";
import { findOpenInvitation, INVALID_INVITATION } from "@/lib/staff/staff-invitations";
import { findStaffSession } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { refusal } from "../support/domain-refusal";
import { everyStoredRow, staffMailbox, TEST_PANEL_URL } from "../support/staff-mail";
import { testStaffLinkBox } from "../support/test-worker";

/** Invitations to a property's staff: links that work once, for 72 hours, for one property, e-mail and role. */
const database = setupTestDatabase();
const HOUR = 3_600_000;
const T0 = new Date("2026-12-01T09:00:00Z");
const at = (ms: number) => fixedClock(new Date(T0.getTime() + ms));

async function teamOf(name: string) {
  const { property } = await seedProperty(database().db, { name, timezone: "Europe/Lisbon" });
  const admin = await seedStaff(database().db, property.id, { email: `admin@${property.slug}.test`, name: "Maria Silva", role: "admin", password: "admin password 1" });
  return { property, actor: { staffId: admin.id, label: admin.email } };
}

async function invite(team: Awaited<ReturnType<typeof teamOf>>, email: string, role: "admin" | "viewer" = "viewer", name = "Ana Costa") {
  return inviteStaffMember(database().db, { propertyId: team.property.id, email, name, role, actor: team.actor, linkBox: testStaffLinkBox, clock: fixedClock(T0) });
}

const accept = (token: string, options: { password?: string; name?: string; clock?: ReturnType<typeof fixedClock> } = {}) =>
  acceptInvitation(database().db, { token, name: options.name ?? "Ana Costa", password: options.password ?? "a good password", clientAddress: "203.0.113.9", clock: options.clock ?? at(HOUR) });


const INVALID = { code: "not_found", message: INVALID_INVITATION };

describe("staff invitations", () => {
  it("e-mails a link to /join/{token}; no table, job or audit row ever holds the token in plain text", async () => {
    const team = await teamOf("Harbour Lights");
    const mail = staffMailbox(database().db);
    const { invitationId } = await invite(team, " Ana@Example.test ");
    const waiting = await database().db.staffEmail.findFirstOrThrow({ where: { invitationId } });
    // Before sending: the token is in the e-mail's row only sealed (opened here with the server's key).
    const token = testStaffLinkBox.open(waiting.sealedToken!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await everyStoredRow(database().db)).not.toContain(token);

    await mail.deliver(at(60_000));
    expect(mail.linkTo("ana@example.test")).toBe(token);
    const [message] = mail.sent;
    expect(message).toMatchObject({ to: "ana@example.test", from: '"Harbour Lights" <team@hotel.test>', subject: "Maria Silva invited you to join Harbour Lights" });
    expect(message!.text).toContain(`Accept the invitation: ${TEST_PANEL_URL}/join/${token}`);
    expect(message!.text).toContain("as a viewer");
    expect(message!.text).toContain("until 4 Dec 2026, 09:00 (Europe/Lisbon time)");
    expect(message!.html).toContain(`href="${TEST_PANEL_URL}/join/${token}"`);
    // Sent: the sealed token is erased too.
    expect(await database().db.staffEmail.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "succeeded", sealedToken: null, attempts: 1 });
    expect(await everyStoredRow(database().db)).not.toContain(token);
  });

  it("gives the e-mail up, erasing its sealed token, on a server that sends no e-mail (production without SMTP_URL)", async () => {
    const team = await teamOf("Quiet Server Hotel");
    const { invitationId } = await invite(team, "unsent@example.test");
    const waiting = await database().db.staffEmail.findFirstOrThrow({ where: { invitationId } });
    await sendStaffEmail({ ...staffMailbox(database().db).deps(at(60_000)), transport: null }, waiting.id);
    expect(await database().db.staffEmail.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      status: "failed", sealedToken: null, lastError: "not sent: this server sends no e-mail (SMTP_URL is not set)",
    });
    const { invitations } = await listTeam(database().db, { propertyId: team.property.id, now: T0 });
    expect(invitations.map((i) => [i.email, i.lastEmail?.status])).toEqual([["unsent@example.test", "failed"]]);
  });

  it("accepting makes the account with the name and password given and joins with the invited role, signed in", async () => {
    const team = await teamOf("Quay House");
    const mail = staffMailbox(database().db);
    await invite(team, "new.viewer@example.test", "viewer");
    await invite(team, "new.admin@example.test", "admin");
    await mail.deliver(at(60_000));
    const viewer = await accept(mail.linkTo("new.viewer@example.test"), { name: "  Vera Lopes ", password: "viewer password 1" });
    const admin = await accept(mail.linkTo("new.admin@example.test"), { name: "Abel Dias", password: "admin password 2" });
    expect(viewer.propertyId).toBe(team.property.id);
    expect(await findStaffSession(database().db, viewer.session!.token, at(HOUR + 1).now())).toMatchObject({
      email: "new.viewer@example.test", name: "Vera Lopes", memberships: [{ propertyId: team.property.id, role: "viewer" }],
    });
    expect(await findStaffSession(database().db, admin.session!.token, at(HOUR + 1).now())).toMatchObject({ memberships: [{ propertyId: team.property.id, role: "admin" }] });
    const account = await database().db.staffUser.findUniqueOrThrow({ where: { email: "new.viewer@example.test" } });
    expect(await verifyPassword("viewer password 1", account.passwordHash)).toBe(true);
    const audit = await database().db.auditEvent.findMany({ where: { propertyId: team.property.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((row) => [row.action, row.actorLabel])).toEqual([
      ["staff_invited", team.actor.label],
      ["staff_invited", team.actor.label],
      ["staff_invitation_accepted", "new.viewer@example.test"],
      ["staff_invitation_accepted", "new.admin@example.test"],
    ]);
  });

  it("refuses a new account's short password or overlong name beside the field, and the link still works after", async () => {
    const team = await teamOf("Rules Inn");
    const mail = staffMailbox(database().db);
    await invite(team, "rules@example.test");
    await mail.deliver(at(60_000));
    const token = mail.linkTo("rules@example.test");
    const error = await accept(token, { password: "short", name: "x".repeat(101) }).catch((failure: unknown) => failure);
    expect(isDomainError(error, "validation_failed") && error.details.errors).toEqual([
      { field: "name", message: "A name is at most 100 characters." },
      { field: "password", message: "The password must be at least 10 characters." },
    ]);
    await expect(accept(token)).resolves.toMatchObject({ propertyId: team.property.id });
  });

  it("works until 72 hours after it was sent, and not a moment later", async () => {
    const team = await teamOf("Clockwork Hotel");
    const mail = staffMailbox(database().db);
    await invite(team, "late@example.test");
    await mail.deliver(at(60_000));
    const token = mail.linkTo("late@example.test");
    expect(await findOpenInvitation(database().db, token, at(72 * HOUR - 1).now())).toMatchObject({ email: "late@example.test", role: "viewer", hasAccount: false });
    expect(await findOpenInvitation(database().db, token, at(72 * HOUR).now())).toBeNull();
    expect(await refusal(accept(token, { clock: at(72 * HOUR) }))).toEqual(INVALID);
    expect(await database().db.staffUser.count({ where: { email: "late@example.test" } })).toBe(0);
  });

  it("works once: a second accept, even at the same moment, is refused and makes no second member", async () => {
    const team = await teamOf("Once Inn");
    const mail = staffMailbox(database().db);
    await invite(team, "once@example.test");
    await mail.deliver(at(60_000));
    const token = mail.linkTo("once@example.test");
    const results = await Promise.allSettled([accept(token), accept(token)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isDomainError(failed.reason) && [failed.reason.code, failed.reason.message]).toEqual(["not_found", INVALID_INVITATION]);
    expect(await refusal(accept(token))).toEqual(INVALID);
    expect(await database().db.membership.count({ where: { propertyId: team.property.id, staffUser: { email: "once@example.test" } } })).toBe(1);
  });

  it("answers a tampered, unknown or malformed token, a revoked and a replaced link all with the same page", async () => {
    const team = await teamOf("Same Answer Hotel");
    const mail = staffMailbox(database().db);
    const revoked = await invite(team, "revoked@example.test");
    await invite(team, "replaced@example.test", "viewer");
    await mail.deliver(at(60_000));
    const revokedToken = mail.linkTo("revoked@example.test");
    const replacedToken = mail.linkTo("replaced@example.test");
    await revokeInvitation(database().db, { propertyId: team.property.id, invitationId: revoked.invitationId, actor: team.actor });
    await invite(team, "replaced@example.test", "admin");
    const tampered = `${replacedToken.slice(0, -1)}${replacedToken.endsWith("A") ? "B" : "A"}`;
    for (const token of [revokedToken, replacedToken, tampered, "A".repeat(43), "short", `${revokedToken}x`, ""]) {
      expect(await findOpenInvitation(database().db, token, at(HOUR).now()), token).toBeNull();
      expect(await refusal(accept(token)), token).toEqual(INVALID);
    }
    // The newer invitation's e-mail is the one that counts, with its own role.
    await mail.deliver(at(60_000));
    expect((await accept(mail.linkTo("replaced@example.test"))).propertyId).toBe(team.property.id);
    expect(await database().db.membership.findFirst({ where: { staffUser: { email: "replaced@example.test" } } })).toMatchObject({ role: "admin" });
  });

  it("re-inviting an e-mail replaces the older invitation, whose unsent e-mail is dropped with its sealed token", async () => {
    const team = await teamOf("Twice Hotel");
    const mail = staffMailbox(database().db);
    const first = await invite(team, "twice@example.test", "viewer");
    const second = await invite(team, "twice@example.test", "admin");
    expect(second).toMatchObject({ replaced: true });
    const emails = await database().db.staffEmail.findMany({ where: { recipient: "twice@example.test" }, orderBy: { createdAt: "asc" } });
    expect(emails.find((e) => e.invitationId === first.invitationId)).toMatchObject({ status: "failed", sealedToken: null, lastError: "not sent: replaced by a newer invitation" });
    await mail.deliver(at(60_000));
    expect(mail.sent.map((m) => m.to)).toEqual(["twice@example.test"]);
    expect(mail.sent[0]!.text).toContain("as an admin");
    expect(await database().db.staffInvitation.count({ where: { propertyId: team.property.id, email: "twice@example.test", acceptedAt: null, revokedAt: null } })).toBe(1);
  });

  it("resending gives a new link for 72 more hours (also once expired); the old link stops working", async () => {
    const team = await teamOf("Resend Hotel");
    const mail = staffMailbox(database().db);
    const { invitationId } = await invite(team, "resend@example.test");
    await mail.deliver(at(60_000));
    const old = mail.linkTo("resend@example.test");
    await resendInvitation(database().db, { propertyId: team.property.id, invitationId, actor: team.actor, linkBox: testStaffLinkBox, clock: at(100 * HOUR) });
    await mail.deliver(at(100 * HOUR));
    const fresh = mail.linkTo("resend@example.test");
    expect(fresh).not.toBe(old);
    expect(await refusal(accept(old, { clock: at(101 * HOUR) }))).toEqual(INVALID);
    expect(await findOpenInvitation(database().db, fresh, at(172 * HOUR - 1).now())).not.toBeNull();
    await expect(accept(fresh, { clock: at(101 * HOUR) })).resolves.toMatchObject({ propertyId: team.property.id });
    // Accepted: nothing left to resend or revoke.
    expect(await refusal(revokeInvitation(database().db, { propertyId: team.property.id, invitationId, actor: team.actor }))).toMatchObject({ code: "not_found" });
  });

  it("belongs to its property: another property's admin cannot revoke or resend it, and accepting joins only its property", async () => {
    const team = await teamOf("Own Hotel");
    const other = await teamOf("Other Hotel");
    const mail = staffMailbox(database().db);
    const { invitationId } = await invite(team, "mine@example.test");
    const foreign = { propertyId: other.property.id, invitationId, actor: other.actor };
    expect(await refusal(revokeInvitation(database().db, foreign))).toMatchObject({ code: "not_found" });
    expect(await refusal(resendInvitation(database().db, { ...foreign, linkBox: testStaffLinkBox }))).toMatchObject({ code: "not_found" });
    await mail.deliver(at(60_000));
    const accepted = await accept(mail.linkTo("mine@example.test"));
    expect((await findStaffSession(database().db, accepted.session!.token, at(HOUR).now()))!.memberships.map((m) => m.propertyId)).toEqual([team.property.id]);
    expect(await database().db.auditEvent.count({ where: { propertyId: other.property.id, action: { in: ["staff_invitation_revoked", "staff_invitation_resent"] } } })).toBe(0);
  });

  it("an e-mail with an account joins with its current password, which the invitation never changes", async () => {
    const team = await teamOf("Existing Hotel");
    const elsewhere = await teamOf("Elsewhere Hotel");
    const existing = await seedStaff(database().db, elsewhere.property.id, { email: "known@example.test", name: "Kim Known", role: "admin", password: "my own password" });
    const before = await database().db.staffUser.findUniqueOrThrow({ where: { id: existing.id } });
    const mail = staffMailbox(database().db);
    await invite(team, "known@example.test", "viewer", "Another Name");
    await mail.deliver(at(60_000));
    const token = mail.linkTo("known@example.test");
    expect(await findOpenInvitation(database().db, token, at(HOUR).now())).toMatchObject({ hasAccount: true });
    const wrong = await accept(token, { password: "a new password I chose" }).catch((failure: unknown) => failure);
    expect(isDomainError(wrong, "validation_failed") && wrong.details.errors).toEqual([{ field: "password", message: "That is not the password of known@example.test." }]);
    const joined = await accept(token, { password: "my own password", name: "Another Name" });
    expect(joined.staffUserId).toBe(existing.id);
    const after = await database().db.staffUser.findUniqueOrThrow({ where: { id: existing.id } });
    expect(after).toMatchObject({ passwordHash: before.passwordHash, name: "Kim Known" });
    expect((await findStaffSession(database().db, joined.session!.token, at(HOUR).now()))!.memberships.map((m) => [m.propertyId, m.role]).sort()).toEqual(
      [[team.property.id, "viewer"], [elsewhere.property.id, "admin"]].sort(),
    );
  });

  it("is refused for someone already on the team, and for a malformed e-mail or role", async () => {
    const team = await teamOf("Member Hotel");
    const error = await invite(team, team.actor.label).catch((failure: unknown) => failure);
    expect(isDomainError(error, "validation_failed") && error.details.errors).toEqual([
      { field: "email", message: `${team.actor.label} is already on this property's team (as admin): change their role instead.` },
    ]);
    const bad = await inviteStaffMember(database().db, { propertyId: team.property.id, email: "not-an-address", role: "owner", actor: team.actor, linkBox: testStaffLinkBox }).catch((failure: unknown) => failure);
    expect(isDomainError(bad, "validation_failed") && (bad.details.errors as { field: string }[]).map((e) => e.field)).toEqual(["email", "role"]);
    expect(await database().db.staffInvitation.count({ where: { propertyId: team.property.id } })).toBe(0);
  });
});
