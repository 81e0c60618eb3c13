import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

function instancesFile(): { urls: [string, string]; passkeyUrl: string } {
  return JSON.parse(readFileSync(join(process.cwd(), ".data", "e2e", "instances.json"), "utf8")) as { urls: [string, string]; passkeyUrl: string };
}

/** The two production instances scripts/e2e/serve.ts started on one database and one Redis. */
export function instanceUrls(): [string, string] {
  return instancesFile().urls;
}

/** The instance reached at http://localhost:{port}, whose PUBLIC_BASE_URL says so: passkeys need a domain, not an IP address. */
export function passkeyInstanceUrl(): string {
  return instancesFile().passkeyUrl;
}

/** Waits until both instances answer (Playwright waits only for the first). */
export async function bothInstancesUp(request: APIRequestContext): Promise<[string, string]> {
  const urls = instanceUrls();
  for (const url of urls) {
    await expect.poll(async () => (await request.get(`${url}/api/health`).catch(() => undefined))?.status(), { timeout: 30_000 }).toBe(200);
  }
  return urls;
}
