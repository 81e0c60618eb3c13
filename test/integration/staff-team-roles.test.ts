import { describe, expect, it } from "vitest";
import { describeTeamChange, TEAM_AUDIT_ACTIONS } from "@/lib/audit/describe-team-change";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { changeStaffRole } from "@/lib/staff/change-staff-role";
import { listTeam } from "@/lib/staff/list-team";
import { removeStaffMember } from "@/lib/staff/remove-staff-member";
import { createStaffSession, findStaffSession } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { refusal } from "../support/domain-refusal";

/** Roles and removals on a property's team: never without an admin, even when admins race; a removed member is signed out at once. */
const database = setupTestDatabase();

type Member = { id: string; email: string; actor: { staffId: string; label: string } };

/** A property whose team is `roles` (by first name); each member named after its key ("ana" → Ana). */
async function teamOf<Name extends string>(name: string, roles: Record<Name, "admin" | "viewer">) {
  const { property } = await seedProperty(database().db, { name });
  const members = {} as Record<Name, Member>;
  for (const [who, role] of Object.entries(roles) as [Name, "admin" | "viewer"][]) {
    const email = `${who}@${property.slug}.test`;
    const user = await seedStaff(database().db, property.id, { email, name: who[0]!.toUpperCase() + who.slice(1), role, password: "a password 123" });
    members[who] = { id: user.id, email, actor: { staffId: user.id, label: email } };
  }
  return { propertyId: property.id, ...members };
}


const admins = (propertyId: string) => database().db.membership.count({ where: { propertyId, role: "admin" } });

/** Each member of the property's team by e-mail, with their role. */
async function roles(propertyId: string): Promise<Record<string, string>> {
  const memberships = await database().db.membership.findMany({ where: { propertyId }, include: { staffUser: { select: { email: true } } } });
  return Object.fromEntries(memberships.map((membership) => [membership.staffUser.email, membership.role]));
}

/** Two racing calls, each at a target: exactly one fulfilled and one rejected (fails the test otherwise). */
function oneWinner<T, Target>(results: PromiseSettledResult<T>[], targets: [Target, Target]) {
  expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  const at = (status: "fulfilled" | "rejected") => results.findIndex((result) => result.status === status);
  const won = results[at("fulfilled")] as PromiseFulfilledResult<T>;
  const lost = results[at("rejected")] as PromiseRejectedResult;
  return { won: { value: won.value, target: targets[at("fulfilled")]! }, lost: { reason: lost.reason as unknown, target: targets[at("rejected")]! } };
}

describe("roles and removals on a team", () => {
  it("changes a role, and never demotes or removes the last admin, not even themselves", async () => {
    const team = await teamOf("Roles Hotel", { ana: "admin", bea: "viewer" });
    const { ana, bea } = team;
    const role = (staffUserId: string, to: string, actor = ana.actor) => changeStaffRole(database().db, { propertyId: team.propertyId, staffUserId, role: to, actor });
    const remove = (staffUserId: string, actor = ana.actor) => removeStaffMember(database().db, { propertyId: team.propertyId, staffUserId, actor });

    const lastAdmin = (verb: string) => ({ code: "conflict", message: `Ana is the property's last admin: make someone else an admin before you ${verb}.` });
    expect(await refusal(role(ana.id, "viewer"))).toEqual(lastAdmin("make them a viewer"));
    expect(await refusal(remove(ana.id))).toEqual(lastAdmin("remove them"));
    expect(await refusal(role(bea.id, "owner"))).toMatchObject({ code: "invalid_argument" });

    expect(await role(bea.id, "admin")).toMatchObject({ from: "viewer", to: "admin", changed: true });
    expect(await role(bea.id, "admin")).toMatchObject({ changed: false });
    // Two admins now: Ana may step down herself, and then Bea is the last.
    expect(await role(ana.id, "viewer", ana.actor)).toMatchObject({ changed: true });
    expect(await refusal(remove(bea.id, bea.actor))).toMatchObject({ code: "conflict" });
    // Removing yourself is allowed when you are not the last admin.
    expect(await remove(ana.id, ana.actor)).toMatchObject({ email: ana.email, role: "viewer" });
    expect(await admins(team.propertyId)).toBe(1);

    const history = await listAuditEvents(database().db, { propertyId: team.propertyId, actions: TEAM_AUDIT_ACTIONS });
    expect(history.map((row) => `${row.actorLabel} ${describeTeamChange(row.action, row.details)}`)).toEqual([
      `${ana.email} removed Ana (${ana.email}) (viewer) from the team`,
      `${ana.email} changed Ana (${ana.email}) from admin to viewer`,
      `${ana.email} changed Bea (${bea.email}) from viewer to admin`,
    ]);
  });

  it("keeps one admin when two admins demote each other at the same moment (real parallel transactions)", async () => {
    for (let round = 0; round < 8; round++) {
      const team = await teamOf(`Race Hotel ${round}`, { ana: "admin", bea: "admin" });
      const { ana, bea } = team;
      const results = await Promise.allSettled([
        changeStaffRole(database().db, { propertyId: team.propertyId, staffUserId: bea.id, role: "viewer", actor: ana.actor }),
        changeStaffRole(database().db, { propertyId: team.propertyId, staffUserId: ana.id, role: "viewer", actor: bea.actor }),
      ]);
      // Whichever went first demoted the other; the second was refused as the last admin's demotion, nothing else.
      const { won, lost } = oneWinner(results, [
        { email: bea.email, name: "Bea" },
        { email: ana.email, name: "Ana" },
      ]);
      expect(won.value, `round ${round}`).toEqual({ email: won.target.email, displayName: won.target.name, from: "admin", to: "viewer", changed: true });
      expect(await refusal(Promise.reject(lost.reason)), `round ${round}`).toEqual({
        code: "conflict",
        message: `${lost.target.name} is the property's last admin: make someone else an admin before you make them a viewer.`,
      });
      expect(await roles(team.propertyId), `round ${round}`).toEqual({ [won.target.email]: "viewer", [lost.target.email]: "admin" });
      expect(await database().db.auditEvent.count({ where: { propertyId: team.propertyId, action: "staff_role_changed" } }), `round ${round}`).toBe(1);
    }
  });

  it("keeps one admin when two admins remove each other at the same moment", async () => {
    for (let round = 0; round < 8; round++) {
      const team = await teamOf(`Removal Race ${round}`, { ana: "admin", bea: "admin" });
      const { ana, bea } = team;
      const results = await Promise.allSettled([
        removeStaffMember(database().db, { propertyId: team.propertyId, staffUserId: bea.id, actor: ana.actor }),
        removeStaffMember(database().db, { propertyId: team.propertyId, staffUserId: ana.id, actor: bea.actor }),
      ]);
      const { won, lost } = oneWinner(results, [
        { email: bea.email, name: "Bea" },
        { email: ana.email, name: "Ana" },
      ]);
      expect(won.value, `round ${round}`).toEqual({ email: won.target.email, displayName: won.target.name, role: "admin", endedSessions: 0 });
      expect(await refusal(Promise.reject(lost.reason)), `round ${round}`).toEqual({
        code: "conflict",
        message: `${lost.target.name} is the property's last admin: make someone else an admin before you remove them.`,
      });
      expect(await roles(team.propertyId), `round ${round}`).toEqual({ [lost.target.email]: "admin" });
    }
  });

  it("ends every session of a removed member at once: their next request is signed out", async () => {
    const team = await teamOf("Sessions Hotel", { ana: "admin", cai: "viewer" });
    const { ana, cai } = team;
    const laptop = await createStaffSession(database().db, cai.id);
    const phone = await createStaffSession(database().db, cai.id);
    const admin = await createStaffSession(database().db, ana.id);
    expect(await findStaffSession(database().db, laptop.token)).not.toBeNull();
    expect(await removeStaffMember(database().db, { propertyId: team.propertyId, staffUserId: cai.id, actor: ana.actor })).toMatchObject({ endedSessions: 2 });
    expect(await findStaffSession(database().db, laptop.token)).toBeNull();
    expect(await findStaffSession(database().db, phone.token)).toBeNull();
    expect(await findStaffSession(database().db, admin.token)).not.toBeNull();
    // Their account stays (they can be invited back); the team no longer lists them.
    expect(await database().db.staffUser.count({ where: { id: cai.id } })).toBe(1);
    expect((await listTeam(database().db, { propertyId: team.propertyId, now: new Date() })).members.map((m) => m.staffUserId)).toEqual([ana.id]);
  });

  it("treats another property's staff as not found", async () => {
    const team = await teamOf("Mine Hotel", { ana: "admin" });
    const other = await teamOf("Theirs Hotel", { zoe: "admin", yan: "viewer" });
    const { ana } = team;
    const { yan } = other;
    expect(await refusal(changeStaffRole(database().db, { propertyId: team.propertyId, staffUserId: yan.id, role: "admin", actor: ana.actor }))).toMatchObject({ code: "not_found" });
    expect(await refusal(removeStaffMember(database().db, { propertyId: team.propertyId, staffUserId: yan.id, actor: ana.actor }))).toMatchObject({ code: "not_found" });
    expect(await database().db.membership.findFirst({ where: { staffUserId: yan.id } })).toMatchObject({ role: "viewer" });
  });
});
