import "server-only";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { createPartnerClient, type PartnerClient } from "./partner-client";

let client: PartnerClient | undefined;

/** fetch, with a warning logged (path and reason; never the key) whenever the API does not answer or fails. */
const loggingFetch: typeof fetch = async (input, init) => {
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
  try {
    const response = await fetch(input, init);
    if (response.status >= 500) log.warn({ path, status: response.status }, "guest site: the partner API failed");
    return response;
  } catch (error) {
    log.warn({ path, reason: error instanceof Error ? error.message : String(error) }, "guest site: the partner API did not answer");
    throw error;
  }
};

/**
 * The demo site's client: PARTNER_API_KEY and PARTNER_API_BASE_URL from the server's
 * environment (never from a request), exactly as a partner's own server would hold them.
 */
export function getPartnerClient(): PartnerClient {
  if (client) return client;
  const env = getEnv();
  if (!env.PARTNER_API_KEY) throw new Error("PARTNER_API_KEY is not set: the guest site needs a write key of the hotel it books for (npm run dev makes one).");
  client = serverPartnerClient(env.PARTNER_API_KEY);
  return client;
}

/** A client of our API with this key (a booking engine's, opened from its sealed value), at the same address as the demo site's. */
export function serverPartnerClient(apiKey: string): PartnerClient {
  const env = getEnv();
  return createPartnerClient({ baseUrl: env.PARTNER_API_BASE_URL ?? `http://127.0.0.1:${env.PORT}/partner/v1`, apiKey, fetch: loggingFetch });
}
