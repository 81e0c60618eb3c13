import { nextAttemptAt, type RetrySchedule } from "@/lib/job-queue/retry-schedule";
import { isPermanentMailError } from "./mail-transport";

/**
 * What a failed send of a queued e-mail (a guest's, a staff member's) leaves: when to try again,
 * on the retry schedule, or null when never (refused for good, SMTP 5xx, or out of retries),
 * and the error in words, as the e-mail's record keeps it.
 */
export function failedSend(error: unknown, schedule: RetrySchedule, attempts: number, now: Date): { next: Date | null; lastError: string } {
  const permanent = isPermanentMailError(error);
  const next = permanent ? null : nextAttemptAt(schedule, attempts, now);
  const lastError = `${permanent ? "refused" : "failed"}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
  return { next, lastError };
}
