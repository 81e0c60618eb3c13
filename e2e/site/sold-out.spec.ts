import { expect, test } from "@playwright/test";
import { setRates } from "@/lib/rates/set-rates";
import { e2eDb } from "../support/db";
import { addDays, partnerApi } from "../support/partner-api";
import { fillGuest, newGuest, search } from "../support/site";
import { ownStay } from "../support/stays";

async function roomTypeId(request: import("@playwright/test").APIRequestContext, name: string): Promise<string> {
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string; name: string }[];
  return roomTypes.find((r) => r.name === name)!.id;
}

test("the last room sells between search and Book: the site says so and offers the other rooms", async ({ page, request }) => {
  const stay = await ownStay(2);
  const suite = await roomTypeId(request, "Family Suite");
  await setRates(e2eDb(), { roomTypeId: suite, from: stay.checkin, to: addDays(stay.checkout, -1), rooms: 1 });

  await page.goto("/");
  await search(page, stay, 2);
  const offer = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Family Suite" }) });
  await expect(offer).toContainText("Only 1 room left");
  await offer.getByRole("link", { name: "Choose Family Suite, Standard" }).click();
  await fillGuest(page, newGuest("Gil"));

  // Someone else books the last suite through the API while the guest types.
  const other = await partnerApi(request).post("/bookings", { roomTypeId: suite, ...stay, adults: 2, guest: newGuest("Other") });
  expect(other.status()).toBe(201);

  await page.getByRole("button", { name: "Book" }).click();
  await expect(page.getByRole("heading", { name: "Sorry, that room was just booked by someone else and is no longer free for your dates." })).toBeVisible();
  const others = page.getByRole("list", { name: "Other rooms" });
  await expect(others.getByRole("link", { name: "Choose Double Room, Standard" })).toBeVisible();
  await expect(others.getByRole("link", { name: "Choose Family Suite" })).toHaveCount(0);
  await others.getByRole("link", { name: "Choose Double Room, Standard" }).click();
  await expect(page.getByRole("region", { name: "Your stay" }).getByRole("heading", { name: "Double Room" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Book" })).toBeVisible(); // a new attempt, not the sold-out one
});

test("nothing free for the stay: the site says so and offers the nearest dates that are", async ({ page, request }) => {
  const stay = await ownStay(2);
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string }[];
  for (const { id } of roomTypes) await setRates(e2eDb(), { roomTypeId: id, from: stay.checkin, to: stay.checkin, closed: true });

  await page.goto("/");
  await search(page, stay, 2);
  await expect(page.getByRole("heading", { name: "No room is free for all of those nights." })).toBeVisible();
  const dates = page.getByRole("list", { name: "Dates to try" }).getByRole("link");
  await expect(dates).toHaveCount(3);
  await dates.first().click();
  await expect(page.getByRole("link", { name: "Choose Double Room, Standard" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("checkin")).toBe(addDays(stay.checkin, 1));
});
