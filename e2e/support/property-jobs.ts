import { expect } from "@playwright/test";
import { jobsLeft } from "../../test/support/job-queue";
import { e2eDb } from "./db";

/**
 * Waits until the e2e servers' workers have run every job of one property's events: its
 * dispatches, webhook deliveries, guest e-mails and ARI events, retries included
 * (test/support/job-queue.ts). Only that property's: other specs share the database and
 * the queue. After it, what a receiver has from this property is all it will get.
 */
export async function propertyJobsDone(propertyId: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await jobsLeft(e2eDb(), { propertyId })).map((job) => `${job.task}${job.locked ? " (running)" : ""}${job.lastError ? `: ${job.lastError}` : ""}`), {
      timeout,
      message: "the property's queued jobs all run",
    })
    .toEqual([]);
}
