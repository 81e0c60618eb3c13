import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The demo credentials scripts/e2e/serve.ts made for this run: `siteApiKey` is the demo site's own (the servers' PARTNER_API_KEY), `partnerApiKey` the banner's partner key. */
export function demoCredentials(): { staffEmail: string; staffPassword: string; siteApiKey: string; partnerApiKey: string } {
  const state = JSON.parse(readFileSync(join(process.cwd(), ".data", "e2e", "local-state.json"), "utf8"));
  return state.demo;
}

/** The secret this run's servers sign guests' manage-booking links with. */
export function sessionSecret(): string {
  return JSON.parse(readFileSync(join(process.cwd(), ".data", "e2e", "local-state.json"), "utf8")).sessionSecret;
}
