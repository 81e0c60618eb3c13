import { afterAll, describe, expect, it } from "vitest";
import { fixedClock, systemClock } from "@/lib/clock";
import { isDomainError } from "@/lib/errors";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import { verifyPassword } from "@/lib/staff/password";
import { PASSWORD_RESET_POLICIES, requestPasswordReset } from "@/lib/staff/request-password-reset";
import { findOpenPasswordReset, INVALID_PASSWORD_RESET, resetPassword } from "@/lib/staff/reset-password";
import { createStaffSession, findStaffSession } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { refusal } from "../support/domain-refusal";
import { deleteKeys, testRedisUrl, uniquePrefix } from "../support/redis";
import { awayFromWindowEdge } from "../support/window-edge";
import { everyStoredRow, staffMailbox, TEST_PANEL_URL } from "../support/staff-mail";
import { testStaffLinkBox } from "../support/test-worker";

/** "Forgot your password?": one answer for every address, a link that works once for an hour, limits on the project's Redis limiter. */
const database = setupTestDatabase();
const prefixes: string[] = [];
const limiters: ReturnType<typeof createRateLimiter>[] = [];
afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()));
  await Promise.all(prefixes.map((prefix) => deleteKeys(testRedisUrl(), prefix)));
});

/** The shared Redis limiter, under a prefix of this test's own. */
function redisLimiter() {
  const prefix = uniquePrefix("password-reset");
  prefixes.push(prefix);
  const limiter = createRateLimiter({ backend: "redis", redisUrl: testRedisUrl(), prefix, timeoutMs: 5_000 });
  limiters.push(limiter);
  return limiter;
}

const HOUR = 3_600_000;
const T0 = new Date("2026-12-01T09:00:00Z");
const at = (ms: number) => fixedClock(new Date(T0.getTime() + ms));

async function account(email: string) {
  const { property } = await seedProperty(database().db, { name: "Reset Hotel" });
  return seedStaff(database().db, property.id, { email, role: "viewer", password: "the old password" });
}

const ask = (limiter: ReturnType<typeof redisLimiter>, email: string, clientAddress = "203.0.113.50", clock = fixedClock(T0)) =>
  requestPasswordReset(database().db, limiter, { email, clientAddress, linkBox: testStaffLinkBox, clock });

const INVALID = { code: "not_found", message: INVALID_PASSWORD_RESET };

describe("forgotten passwords", () => {
  it("answers the same for an address with an account and one without, and e-mails only the account a link", async () => {
    await account("known@reset.test");
    const mail = staffMailbox(database().db);
    const limiter = redisLimiter();
    expect(await ask(limiter, " Known@Reset.test ", "203.0.113.1")).toEqual({ ok: true });
    expect(await ask(limiter, "nobody@reset.test", "203.0.113.1")).toEqual({ ok: true });
    expect(await ask(limiter, "not an address\u0000", "203.0.113.1")).toEqual({ ok: true });
    await mail.deliver(at(1_000));
    expect(mail.sent.map((m) => m.to)).toEqual(["known@reset.test"]);
    const token = mail.linkTo("known@reset.test", "reset-password");
    expect(mail.sent[0]).toMatchObject({ from: "Room Booking <team@hotel.test>", subject: "Reset your control panel password" });
    expect(mail.sent[0]!.text).toContain(`Choose a new password: ${TEST_PANEL_URL}/reset-password/${token}`);
    expect(mail.sent[0]!.text).toContain("The link works once, for one hour");
    expect(await everyStoredRow(database().db)).not.toContain(token);
  });

  it("sets a new password once, within the hour: every session ends and a new one opens", async () => {
    const user = await account("reset.me@reset.test");
    const mail = staffMailbox(database().db);
    const laptop = await createStaffSession(database().db, user.id, T0);
    const phone = await createStaffSession(database().db, user.id, T0);
    await ask(redisLimiter(), "reset.me@reset.test");
    await mail.deliver(at(1_000));
    const token = mail.linkTo("reset.me@reset.test", "reset-password");
    expect(await findOpenPasswordReset(database().db, token, at(HOUR - 1).now())).toMatchObject({ email: "reset.me@reset.test" });

    // The password rules apply, and a refused password leaves the link working.
    const short = await resetPassword(database().db, { token, password: "short", clock: at(HOUR - 1_000) }).catch((failure: unknown) => failure);
    expect(isDomainError(short, "validation_failed") && short.details.errors).toEqual([{ field: "password", message: "The password must be at least 10 characters." }]);
    const signedIn = await resetPassword(database().db, { token, password: "a brand new password", clock: at(HOUR - 1_000) });

    const after = at(HOUR).now();
    expect(await findStaffSession(database().db, laptop.token, after)).toBeNull();
    expect(await findStaffSession(database().db, phone.token, after)).toBeNull();
    expect(await findStaffSession(database().db, signedIn.session!.token, after)).toMatchObject({ email: "reset.me@reset.test" });
    const stored = await database().db.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("a brand new password", stored.passwordHash)).toBe(true);
    expect(await verifyPassword("the old password", stored.passwordHash)).toBe(false);
    // Once.
    expect(await refusal(resetPassword(database().db, { token, password: "another new password", clock: at(HOUR - 500) }))).toEqual(INVALID);
  });

  it("stops working an hour after it was asked for, and when it is altered or replaced by a newer link", async () => {
    await account("late@reset.test");
    const mail = staffMailbox(database().db);
    const limiter = redisLimiter();
    await ask(limiter, "late@reset.test");
    await mail.deliver(at(1_000));
    const first = mail.linkTo("late@reset.test", "reset-password");
    expect(await refusal(resetPassword(database().db, { token: first, password: "a brand new password", clock: at(HOUR) }))).toEqual(INVALID);
    const altered = `${first.slice(0, 10)}${first[10] === "A" ? "B" : "A"}${first.slice(11)}`;
    for (const token of [altered, "A".repeat(43), "short", `${first}=`]) {
      expect(await refusal(resetPassword(database().db, { token, password: "a brand new password", clock: at(1_000) })), token).toEqual(INVALID);
    }
    await ask(limiter, "late@reset.test", "203.0.113.50", at(2_000));
    await mail.deliver(at(3_000));
    const second = mail.linkTo("late@reset.test", "reset-password");
    expect(second).not.toBe(first);
    expect(await findOpenPasswordReset(database().db, first, at(4_000).now())).toBeNull();
    await expect(resetPassword(database().db, { token: second, password: "a brand new password", clock: at(4_000) })).resolves.toMatchObject({});
  });

  it(`sends at most ${PASSWORD_RESET_POLICIES.perAddress.limit} links an hour to one address, silently; tells only a client past ${PASSWORD_RESET_POLICIES.perClient.limit} requests`, async () => {
    await account("busy@reset.test");
    const mail = staffMailbox(database().db);
    const limiter = redisLimiter();
    // The limiter's windows are Redis's, on the real clock: so is everything else in this test.
    await awayFromWindowEdge(PASSWORD_RESET_POLICIES.perAddress.windowSeconds);
    // Per address, from many clients: the answer never changes, the e-mails stop.
    for (let i = 0; i < PASSWORD_RESET_POLICIES.perAddress.limit + 2; i++) {
      expect(await ask(limiter, "busy@reset.test", `198.51.100.${i}`, systemClock)).toEqual({ ok: true });
      await mail.deliver(systemClock);
    }
    expect(mail.sent.filter((m) => m.to === "busy@reset.test")).toHaveLength(PASSWORD_RESET_POLICIES.perAddress.limit);
    // Per client, whatever the addresses (known or not): told, with when to try again.
    const answers = [];
    for (let i = 0; i <= PASSWORD_RESET_POLICIES.perClient.limit; i++) answers.push(await ask(limiter, `someone${i}@reset.test`, "192.0.2.99", systemClock));
    expect(answers.slice(0, -1).every((answer) => answer.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, reason: "too_many_requests" });
    expect((answers.at(-1) as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });
});
