import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import type { Db } from "@/lib/db";
import type { Logger } from "@/lib/log";

const WARN_EVERY_MS = 60_000;
let warnedAt = 0;

/**
 * Whether the demo site can book: its key (PARTNER_API_KEY) is set and active. Checked by the
 * proxy before each demo page (the same indexed lookup every partner request makes, so a key
 * rotated or revoked as a partner would is noticed on the very next page); while it is not, the
 * guest pages answer "bookings are unavailable right now" (503) and the operator is told, at most
 * once a minute, what to do. Never the key itself in the log.
 */
export async function demoSiteKeyWorks(db: Db, key: string | undefined, log: Logger, now = Date.now()): Promise<boolean> {
  if (key && (await findActiveApiKey(db, key))) return true;
  if (now - warnedAt >= WARN_EVERY_MS) {
    warnedAt = now;
    log.error(
      key
        ? "the demo site's key (PARTNER_API_KEY) was revoked or rotated: its pages answer 503 until it is replaced (npm run dev makes a new one when it starts; elsewhere, set PARTNER_API_KEY to an active write key of the hotel)"
        : "PARTNER_API_KEY is not set: the demo site's pages answer 503 (set it to a write key of the hotel the site books for)",
    );
  }
  return false;
}
