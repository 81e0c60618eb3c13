import { z } from "zod";
import { parseRetrySchedule } from "@/lib/job-queue/retry-schedule";

/**
 * The validated environment. Read lazily (first call to getEnv), so `next build` needs no
 * variable at all; instrumentation.ts calls it when the server starts, so a missing or
 * malformed variable stops start-up with a message naming it.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(" or ")}//`)
    .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalUrl(["postgresql:", "postgres:"]),
    DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    REDIS_URL: optionalUrl(["redis:", "rediss:"]),
    UPSTASH_REDIS_REST_URL: optionalUrl(["https:", "http:"]),
    UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
    RATE_LIMIT_BACKEND: z.enum(["memory", "redis", "upstash"]).optional(),
    RATE_LIMIT_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).optional(),
    PARTNER_API_KEY: z.string().min(1).optional(),
    PARTNER_API_BASE_URL: optionalUrl(["http:", "https:"]),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, "must be an address, or a name and an address: Hotel Name <bookings@example.com>")
      .optional(),
    PUBLIC_BASE_URL: optionalUrl(["http:", "https:"]),
    WORKER_IN_PROCESS: z.enum(["0", "1"]).default("1"),
    WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
    /** How long the worker gathers a property's ARI changes into one ari.changed event per room type (lib/jobs/raise-ari-events.ts). */
    ARI_COALESCE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    WEBHOOK_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    EVENT_RETRY_SCHEDULE: z
      .string()
      .refine((value) => parseRetrySchedule(value) !== null, 'must be a list of durations such as "5s,5m,30m,2h"')
      .optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** GET /api/metrics answers only `Authorization: Bearer <this>`; unset, it is not served at all. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    REQUEST_LOG: z.enum(["on", "off"]).default("on"),
    /** `npm run worker` serves its own metrics on this port (GET /metrics, the same token). */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: "custom",
        path: [env.UPSTASH_REDIS_REST_URL ? "UPSTASH_REDIS_REST_TOKEN" : "UPSTASH_REDIS_REST_URL"],
        message: "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN go together",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required with SMTP_URL" });
    if (env.NODE_ENV !== "production") return;
    if (!env.DATABASE_URL) ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required in production" });
    if (!env.SESSION_SECRET) ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    const sharedBackend = env.UPSTASH_REDIS_REST_URL || env.REDIS_URL;
    if (!sharedBackend && env.RATE_LIMIT_BACKEND !== "memory") {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message:
          "a shared rate-limit backend is required in production: set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or REDIS_URL (or RATE_LIMIT_BACKEND=memory for a single instance, knowingly)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment; empty strings count as unset. Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`));
  }
  return result.data;
}

/**
 * Where people reach this server (the guest sites, the panel, widget.js): PUBLIC_BASE_URL, else
 * http://localhost:$PORT, without a trailing slash. The one answer for the server, the worker
 * (e-mail links), the panel (the widget's snippet) and the admin CLI alike. Takes the validated
 * environment or process.env (the CLI's).
 */
export function publicBaseUrl(env: Pick<Env, "PUBLIC_BASE_URL" | "PORT"> | NodeJS.ProcessEnv): string {
  return (env.PUBLIC_BASE_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
