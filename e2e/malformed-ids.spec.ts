import { expect, test } from "@playwright/test";
import { newStaff, signInAs } from "./support/panel";
import { demoCredentials } from "./support/demo";

/**
 * Ids and paths that are not what they claim, over real HTTP through Next.js's router and
 * proxy.ts: never a 500, never "could not reach the booking system", always as unknown.
 */
const MALFORMED_SEGMENTS = ["%", "%ZZ", "%ED%A0%80", "%00", "a%00b", "bk_%00"];

test("the partner API answers malformed path ids 404 problem+json after the key check, with its usual headers", async ({ request }) => {
  const headers = { "X-Api-Key": demoCredentials().partnerApiKey };
  for (const segment of MALFORMED_SEGMENTS) {
    for (const path of [`/room-types/${segment}`, `/bookings/${segment}`]) {
      const response = await request.get(`/partner/v1${path}`, { headers });
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toBe("application/problem+json");
      expect(response.headers()["x-request-id"], path).toMatch(/^req_/);
      expect(response.headers()["ratelimit-policy"], path).toBeTruthy();
      expect((await response.json()).code, path).toBe("not_found");
    }
    const cancel = await request.post(`/partner/v1/bookings/${segment}/cancel`, { headers, data: {} });
    expect(cancel.status(), `cancel ${segment}`).toBe(404);
    const anonymous = await request.get(`/partner/v1/bookings/${segment}`);
    expect(anonymous.status(), `no key ${segment}`).toBe(401);
  }
});

test("the guest site answers malformed or unknown ids with its not-found page", async ({ page }) => {
  const checkin = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10);
  const stay = `checkin=${checkin}&checkout=${checkout}&adults=2`;
  for (const path of [
    `/book?roomTypeId=%00&${stay}`,
    `/book?roomTypeId=nope&${stay}`,
    `/book?roomTypeId=rt_00000000000000000000&${stay}`,
    "/manage/%ED%A0%80",
    "/manage/bk_%00.abc",
    "/confirmation/%",
    "/confirmation/%ZZ",
    "/%E0%A4%A",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: /We could not find that/ }), path).toBeVisible();
    await expect(page.getByText(/could not reach/i), path).toHaveCount(0);
  }
});

test("the control panel answers malformed booking ids with 404", async ({ page }) => {
  const admin = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, admin.email);
  for (const path of ["/bookings/%ED%A0%80", "/bookings/%00", "/bookings/nope", "/bookings/bk_00000000000000000000"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
