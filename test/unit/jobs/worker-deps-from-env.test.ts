import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { parseEnv } from "@/lib/env";
import { workerDepsFromEnv } from "@/lib/jobs/worker-deps-from-env";
import { DEFAULT_RETRY_SCHEDULE } from "@/lib/job-queue/retry-schedule";
import type { Logger } from "@/lib/log";

/** How the worker is set up from the environment: where guest e-mails go, the retry schedule, the URL policy. */
const db = {} as Db;
const secret = "s".repeat(32);
const production = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/x", SESSION_SECRET: secret, RATE_LIMIT_BACKEND: "memory" };

function deps(env: Record<string, string>) {
  const log = { warn: vi.fn() } as unknown as Logger & { warn: ReturnType<typeof vi.fn> };
  return { deps: workerDepsFromEnv(parseEnv(env), db, log), log };
}

describe("workerDepsFromEnv", () => {
  it("in production without SMTP_URL: guest e-mails off, one warning; private webhook URLs refused; the default schedule", () => {
    const { deps: d, log } = deps(production);
    expect(d.mail).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatch(/SMTP_URL/);
    expect(d.allowPrivateUrls).toBe(false);
    expect(d.schedule).toEqual(DEFAULT_RETRY_SCHEDULE);
  });

  it("with SMTP_URL: e-mails over SMTP from MAIL_FROM; WEBHOOK_ALLOW_PRIVATE_URLS=1 and EVENT_RETRY_SCHEDULE are read", () => {
    const { deps: d, log } = deps({ ...production, SMTP_URL: "smtp://mail:25", MAIL_FROM: "Hotel <b@hotel.test>", WEBHOOK_ALLOW_PRIVATE_URLS: "1", EVENT_RETRY_SCHEDULE: "1s,500ms" });
    expect(d.mail?.from).toBe("Hotel <b@hotel.test>");
    expect(log.warn).not.toHaveBeenCalled();
    expect(d.allowPrivateUrls).toBe(true);
    expect(d.schedule).toEqual([1000, 500]);
  });

  it("in development without SMTP_URL: the dev mailbox", () => {
    const { deps: d } = deps({ NODE_ENV: "development", SESSION_SECRET: secret });
    expect(d.mail?.from).toMatch(/development/);
    expect(d.allowPrivateUrls).toBe(true);
  });

  it("refuses MAIL_FROM missing with SMTP_URL, and a schedule it cannot read", () => {
    expect(() => parseEnv({ ...production, SMTP_URL: "smtp://mail:25" })).toThrow(/MAIL_FROM: is required with SMTP_URL/);
    expect(() => parseEnv({ ...production, EVENT_RETRY_SCHEDULE: "soon" })).toThrow(/EVENT_RETRY_SCHEDULE/);
  });
});
