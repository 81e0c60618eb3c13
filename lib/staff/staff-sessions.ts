import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { hashStaffToken as hashToken, newStaffToken } from "./staff-token";
import type { TwoStepStanding } from "./two-step-requirement";
import { hasSecondFactor, SECOND_FACTORS_SELECT } from "./second-factors";

/**
 * Staff sessions: a random token in an HttpOnly cookie, only its SHA-256 in the database, so
 * a leaked database row opens nothing. Sessions end on sign-out (the row is deleted), when the
 * password changes (set-staff-password.ts), when the member ends them (Account › Sessions), when
 * an admin removes the member, or after SESSION_DAYS. Each keeps where it was signed in from and
 * when it was last used, for the member to recognise it.
 */
export const SESSION_DAYS = 7;
const DAY_MS = 86_400_000;

/** Where a session is signed in from, as the request said: its User-Agent and client address (null when not known). */
export type SessionClient = { userAgent: string | null; ipAddress: string | null };

/** A request's User-Agent and client address (clientAddress: "unknown" when none) as a session records them. */
export function sessionClientOf(input: { userAgent?: string | null; clientAddress: string }): SessionClient {
  return { userAgent: input.userAgent ?? null, ipAddress: input.clientAddress === "unknown" ? null : input.clientAddress };
}

/** How often a session's last activity is written: at most once a minute, not on every request. */
const LAST_ACTIVE_EVERY_MS = 60_000;

export async function createStaffSession(db: Db, staffUserId: string, now = new Date(), client?: SessionClient): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newStaffToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  await db.staffSession.create({
    data: {
      id: newId("sess"),
      tokenHash: hash,
      staffUserId,
      expiresAt,
      createdAt: now,
      lastActiveAt: now,
      userAgent: client?.userAgent?.slice(0, 400) || null,
      ipAddress: client?.ipAddress?.slice(0, 64) || null,
    },
  });
  return { token, expiresAt };
}

export type SignedInStaff = {
  sessionId: string;
  staffUserId: string;
  email: string;
  /** Their name, "" when they have none (staffDisplayName shows the e-mail then). */
  name: string;
  /** The panel's Live / Test switch (per session): on, the panel shows each property's test twin. */
  testMode: boolean;
  /** Whether they have a second factor (a passkey, codes), and whether a property of theirs requires one (two-step-requirement.ts). */
  twoStep: TwoStepStanding;
  /** testPropertyId: the property's test twin, once test mode has been opened for it (lib/test-mode); testToday: its test clock's today, if moved. */
  memberships: {
    propertyId: string;
    propertyName: string;
    propertySlug: string;
    propertyTimezone: string;
    testPropertyId: string | null;
    testToday: Date | null;
    role: "admin" | "viewer";
  }[];
};

/** The staff member behind a session token, with the properties they belong to; null when unknown or expired. */
export async function findStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<SignedInStaff | null> {
  if (!token || token.length > 100) return null;
  const session = await db.staffSession.findUnique({
    where: { tokenHash: hashToken(token) },
    include: {
      staffUser: {
        include: {
          memberships: { include: { property: { include: { testTwin: { select: { id: true, testToday: true } } } } }, orderBy: { createdAt: "asc" } },
          _count: SECOND_FACTORS_SELECT._count,
        },
      },
    },
  });
  if (!session) return null;
  if (session.expiresAt <= now) {
    await db.staffSession.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now.getTime() - session.lastActiveAt.getTime() >= LAST_ACTIVE_EVERY_MS) {
    await db.staffSession.updateMany({ where: { id: session.id }, data: { lastActiveAt: now } });
  }
  return {
    sessionId: session.id,
    staffUserId: session.staffUserId,
    email: session.staffUser.email,
    name: session.staffUser.name,
    testMode: session.testMode,
    twoStep: {
      hasSecondFactor: hasSecondFactor(session.staffUser),
      required: session.staffUser.memberships.some((m) => m.property.requireTwoStep),
    },
    memberships: session.staffUser.memberships.map((m) => ({
      propertyId: m.propertyId,
      propertyName: m.property.name,
      propertySlug: m.property.slug,
      propertyTimezone: m.property.timezone,
      testPropertyId: m.property.testTwin?.id ?? null,
      testToday: m.property.testTwin?.testToday ?? null,
      role: m.role,
    })),
  };
}

/** The panel's Live / Test switch: remembered on the session (another browser signed in as the same person keeps its own). */
export async function setSessionTestMode(db: Db, sessionId: string, testMode: boolean): Promise<void> {
  await db.staffSession.update({ where: { id: sessionId }, data: { testMode } });
}

/** Sign-out: the session stops working on the server, whatever the browser still holds. */
export async function endStaffSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.staffSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** A session as Account › Sessions lists it. */
export type StaffSessionRow = { id: string; userAgent: string | null; ipAddress: string | null; createdAt: Date; lastActiveAt: Date };

/** The member's sessions that still work, the most recently used first. */
export async function listStaffSessions(db: Db, staffUserId: string, now = new Date()): Promise<StaffSessionRow[]> {
  return db.staffSession.findMany({
    where: { staffUserId, expiresAt: { gt: now } },
    orderBy: [{ lastActiveAt: "desc" }, { id: "asc" }],
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastActiveAt: true },
  });
}

/**
 * Ends sessions of the member's own, at once (the next request with them is signed out): one
 * (`sessionId`), or every one but `keepSessionId` ("Sign out everywhere else"). Only their own:
 * another member's session id ends nothing. Returns how many ended.
 */
export async function endOwnSessions(db: Db, input: { staffUserId: string } & ({ sessionId: string } | { keepSessionId: string })): Promise<number> {
  const which = "sessionId" in input ? { id: input.sessionId } : { id: { not: input.keepSessionId } };
  const { count } = await db.staffSession.deleteMany({ where: { staffUserId: input.staffUserId, ...which } });
  return count;
}
