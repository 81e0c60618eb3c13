import { expect, test } from "@playwright/test";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession } from "../support/panel";

/**
 * Families in the panel (issue 37), on hotels of the tests' own: an admin sets who a room type
 * takes and what its rate covers on Rooms, and the children's age bands on Settings › Property
 * (without JavaScript, as the forms must work); partners see both in the API at once. Sessions are
 * opened directly (openSession): the sign-in page's limit per address is the whole run's.
 */

test("an admin lets a room take children and pay for extra adults on Rooms; max occupancy and adults included follow max adults; a conflict is shown beside its field", async ({ page, request }) => {
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Family Rooms Hotel", roomTypes: [{ name: "Double room", maxAdults: 2, rooms: 3, basePrice: 10_000 }] });
  const { key } = await seedApiKey(e2eDb(), property.id, "read");
  const { email } = await newStaff(property.slug, "admin");
  await openSession(page.context(), email);
  await page.goto("/rooms");
  const edit = page.locator("details", { hasText: "Edit Double room" });
  await edit.getByText("Edit Double room").click();
  await expect(edit.getByLabel("Max children")).toHaveValue("0");
  await expect(edit.getByLabel("Max children")).toHaveAccessibleDescription(/The most children one room takes/);
  await edit.getByLabel("Max children").fill("1");
  await edit.getByLabel("Max occupancy").fill("3");
  await edit.getByLabel(/^Extra adult a night/).fill("25.00");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("status")).toHaveText("Saved Double room.");
  const row = page.getByRole("row", { name: /Double room/ });
  await expect(page.getByTestId("history")).toContainText(`${email} changed Double room: max children 0 → 1; max occupancy 2 → 3; extra adult price €0.00 → €25.00`);

  // Max adults up to 3, the rest left as shown: adults included (2, as max adults was) follows; max occupancy (3) stays.
  await edit.getByLabel("Max adults").fill("3");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("status")).toHaveText("Saved Double room. Adults included followed max adults (3).");
  await expect(row).toContainText("3 adults");
  const roomType = await (await request.get(`/partner/v1/room-types/${roomTypes[0]!.id}`, { headers: { "X-Api-Key": key } })).json();
  expect(roomType).toMatchObject({ maxAdults: 3, maxChildren: 1, maxOccupancy: 3, adultsIncluded: 3, extraAdult: { amount: 2_500, currency: "EUR" } });

  // Max adults 4 with max occupancy set to 2 (left as shown, it would follow max adults): refused beside max occupancy, nothing saved.
  await edit.getByLabel("Max adults").fill("4");
  await edit.getByLabel("Max occupancy").fill("2");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByLabel("Max occupancy")).toHaveAccessibleDescription(/max occupancy \(2\) must be at least max adults \(4\)/i);
  await expect(edit.getByLabel("Max adults")).toHaveValue("4");
  expect(await seriousViolations(page), "rooms page with a refused edit").toEqual([]);
  expect((await e2eDb().roomType.findUniqueOrThrow({ where: { id: roomTypes[0]!.id } })).maxAdults).toBe(3);
});

// axe needs JavaScript: these pages' forms are scanned with it on by e2e/panel/property-settings.spec.ts and the Rooms test above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin sets the children's age bands on Settings › Property; a gap is shown beside its band; partners read them in GET /me", async ({ page, request }) => {
    const { property } = await seedProperty(e2eDb(), { name: "Age Bands Hotel", roomTypes: [] });
    const { key } = await seedApiKey(e2eDb(), property.id, "read");
    const { email } = await newStaff(property.slug, "admin");
    await openSession(page.context(), email);
    await page.goto("/settings/property");
    const bands = page.getByRole("region", { name: "Children's age bands" });
    const row = (n: number) => bands.getByRole("group", { name: new RegExp(`^Band ${n}`) });
    await expect(row(1).getByLabel("Name")).toHaveValue("Child");
    await expect(row(1).getByLabel("To age")).toHaveValue("17");

    // A gap between Baby and Child: shown beside Child's row, what was typed kept.
    const fill = async (n: number, name: string, from: string, to: string, amount: string) => {
      await row(n).getByLabel("Name").fill(name);
      await row(n).getByLabel("From age").fill(from);
      await row(n).getByLabel("To age").fill(to);
      await row(n).getByLabel(/^Amount a night/).fill(amount);
    };
    await fill(1, "Baby", "0", "2", "0");
    await fill(2, "Child", "4", "11", "15.00");
    await fill(3, "Teen", "12", "17", "25.00");
    await bands.getByRole("button", { name: "Save age bands" }).click();
    await expect(bands.getByRole("alert")).toHaveText("Check the age bands.");
    await expect(row(2)).toContainText("Child: must start at age 3, the age after the band before (no gap, no overlap).");
    await expect(row(2).getByLabel("From age")).toHaveValue("4");

    await row(2).getByLabel("From age").fill("3");
    await bands.getByRole("button", { name: "Save age bands" }).click();
    await expect(bands.getByRole("status")).toHaveText(
      "Saved the children's age bands: Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00. Bookings made from now on are priced with them; bookings already made keep their prices.",
    );
    await expect(page.getByTestId("history")).toContainText(`${email} changed children's age bands Child 0–17 €0.00 → Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00`);
    const me = await (await request.get("/partner/v1/me", { headers: { "X-Api-Key": key } })).json();
    expect(me.property.childAgeBands).toEqual([
      { name: "Baby", fromAge: 0, toAge: 2, amount: { amount: 0, currency: "EUR" } },
      { name: "Child", fromAge: 3, toAge: 11, amount: { amount: 1_500, currency: "EUR" } },
      { name: "Teen", fromAge: 12, toAge: 17, amount: { amount: 2_500, currency: "EUR" } },
    ]);
  });

  test("a viewer reads the bands in a table, without a form", async ({ page }) => {
    const { property } = await seedProperty(e2eDb(), { name: "Age Bands Viewer Hotel", roomTypes: [] });
    const viewer = await newStaff(property.slug, "viewer");
    await openSession(page.context(), viewer.email);
    await page.goto("/settings/property");
    await expect(page.getByTestId("child-age-bands")).toContainText("Child");
    await expect(page.getByTestId("child-age-bands")).toContainText("0–17");
    await expect(page.getByRole("button", { name: "Save age bands" })).toHaveCount(0);
  });
});
