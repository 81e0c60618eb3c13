import type { APIRequestContext } from "@playwright/test";
import { demoCredentials } from "./demo";

/** The partner API over real HTTP, with the demo hotel's write key. */
export function partnerApi(request: APIRequestContext, key = demoCredentials().partnerApiKey) {
  const headers = { "X-Api-Key": key };
  return {
    get: (path: string) => request.get(`/partner/v1${path}`, { headers }),
    post: (path: string, data: unknown, extra: Record<string, string> = {}) =>
      request.post(`/partner/v1${path}`, { headers: { ...headers, ...extra }, data }),
  };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
