import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { signManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { sessionSecret } from "./demo";
import { partnerApi } from "./partner-api";

/** The demo hotel's date today, from the API (what the site itself uses). */
export async function hotelToday(request: APIRequestContext): Promise<string> {
  return (await (await partnerApi(request).get("/me")).json()).property.today;
}

export function newGuest(firstName = "Ana") {
  return { firstName, lastName: "Silva", email: `guest-${randomBytes(4).toString("hex")}@example.com` };
}

/** Fills the booking widget on the current page and searches. */
export async function search(page: Page, stay: { checkin: string; checkout: string }, adults: number) {
  await page.getByLabel("Check-in").fill(stay.checkin);
  await page.getByLabel("Check-out").fill(stay.checkout);
  await page.getByLabel("Adults").fill(String(adults));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?/);
}

/** From the home page: searches for the stay and chooses the room type, which opens the guest details form. */
export async function chooseRoom(page: Page, stay: { checkin: string; checkout: string }, adults: number, roomName: string) {
  await page.goto("/");
  await search(page, stay, adults);
  // The Standard offer (the demo hotel sells two more plans): v1's terms, free until the check-in date.
  await page.getByRole("link", { name: `Choose ${roomName}, Standard` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
}

export async function fillGuest(page: Page, guest: { firstName: string; lastName: string; email: string }) {
  await page.getByLabel("First name").fill(guest.firstName);
  await page.getByLabel("Last name").fill(guest.lastName);
  await page.getByLabel("E-mail address").fill(guest.email);
}

/** The bookings made for a guest e-mail address with this check-in date, through the API. */
export async function bookingsOf(request: APIRequestContext, checkin: string, email: string): Promise<any[]> {
  const list = await (await partnerApi(request).get(`/bookings?checkinFrom=${checkin}&checkinTo=${checkin}&limit=100`)).json();
  return list.data.filter((b: { guest: { email: string } }) => b.guest.email === email);
}

/** Attaches a full-page screenshot of the step to the test's report. */
export async function snap(page: Page, name: string) {
  await test.info().attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

/** A booking's manage page, as the link in the guest's e-mail opens it. */
export function manageLink(bookingId: string): string {
  return `/manage/${signManageBookingToken(bookingId, sessionSecret())}`;
}

/** Books the room type for the stay through the API, as a partner would; the booking as the API answers. */
export async function bookThroughApi(request: APIRequestContext, roomName: string, stay: { checkin: string; checkout: string }, adults: number, guest = newGuest()) {
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string; name: string }[];
  const response = await partnerApi(request).post("/bookings", { roomTypeId: roomTypes.find((r) => r.name === roomName)!.id, ...stay, adults, guest });
  expect(response.status()).toBe(201);
  return response.json();
}
