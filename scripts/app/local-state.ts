import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * What a local run keeps between starts, in a git-ignored file (mode 600): the session
 * secret and the demo credentials. The database holds only hashes of them.
 */
export type LocalState = {
  sessionSecret: string;
  /**
   * siteApiKey: the demo site's own key (the server's PARTNER_API_KEY); partnerApiKey: the key the
   * banner offers for trying the API as a partner; testApiKey: a test key (rbp_test_…) of the demo
   * hotel's test twin, for trying the API without touching the demo's data.
   */
  demo?: { staffEmail: string; staffPassword: string; siteApiKey?: string; partnerApiKey: string; testApiKey?: string };
};

export function readLocalState(file: string): LocalState {
  if (existsSync(file)) {
    const state = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalState>;
    if (state.sessionSecret && state.sessionSecret.length >= 32) return state as LocalState;
  }
  return { sessionSecret: randomBytes(32).toString("base64url") };
}

export function writeLocalState(file: string, state: LocalState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
