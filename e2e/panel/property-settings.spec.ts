import { expect, test, type Page } from "@playwright/test";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession } from "../support/panel";

/**
 * Settings › Property on hotels of the tests' own (the demo hotel's name, which every other spec
 * sees, is changed only in e2e/demo-hotel/, after them): an admin changes what guests see, a
 * viewer reads it, and a viewer's form is refused on the server. Sessions are opened directly
 * (openSession): the sign-in page's limit per address is the whole run's.
 */
const settingsForm = (page: Page) => page.getByRole("region", { name: "Shown to guests" });

test("an admin changes the name, contact and times; mistakes are shown beside their field; the API and the history show the change", async ({ page, request }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Settings Admin Hotel", timezone: "Europe/Lisbon" });
  const { key } = await seedApiKey(e2eDb(), property.id, "read");
  const { email } = await newStaff(property.slug, "admin");
  await openSession(page.context(), email);
  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Property" }).click();
  await expect(page).toHaveURL(/\/settings\/property$/);
  const form = settingsForm(page);
  await expect(form.getByLabel("Name")).toHaveValue("Settings Admin Hotel");
  await expect(form.getByLabel("Check-in from")).toHaveValue("15:00");
  await expect(form.getByLabel("Check-out until")).toHaveValue("11:00");
  await expect(page.getByTestId("time-zone-and-currency")).toContainText("Europe/Lisbon");
  await expect(page.getByTestId("time-zone-and-currency")).toContainText("EUR");
  await expect(page.getByText("the admin CLI has no command to change them afterwards")).toBeVisible();
  await expect(page.getByTestId("history")).toHaveText("No changes yet.");
  expect(await seriousViolations(page), "property settings, admin").toEqual([]);

  // A phone number with letters and a blank name: refused beside their fields, what was typed kept.
  await form.getByLabel("Name").fill(" ");
  await form.getByLabel("Contact phone (optional)").fill("call reception");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toHaveText("Check the highlighted fields.");
  const phone = form.getByLabel("Contact phone (optional)");
  await expect(phone).toHaveValue("call reception");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Phone must be 5 to 15 digits/);
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/Name must be 1 to 100 characters/);
  expect(await e2eDb().auditEvent.count({ where: { propertyId: property.id, action: "property_settings_updated" } })).toBe(0);

  await form.getByLabel("Name").fill("Settings Admin Hotel & Spa");
  await form.getByLabel("Contact e-mail (optional)").fill("desk@settings-admin.example");
  await phone.fill("+351 21 987 6543");
  await form.getByLabel("Check-in from").fill("14:00");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Saved name, contact e-mail, contact phone, check-in time. Guests see it on the site's next page and in every e-mail from now on.",
  );
  await expect(page.getByRole("banner")).toContainText("Settings Admin Hotel & Spa (admin)");
  await expect(page.getByTestId("history")).toContainText(
    `${email} changed name “Settings Admin Hotel” → “Settings Admin Hotel & Spa”; contact e-mail none → “desk@settings-admin.example”; contact phone none → “+351 21 987 6543”; check-in from 15:00 → 14:00`,
  );
  const me = await (await request.get("/partner/v1/me", { headers: { "X-Api-Key": key } })).json();
  expect(me.property).toMatchObject({ name: "Settings Admin Hotel & Spa", contact: { email: "desk@settings-admin.example", phone: "+351 21 987 6543" }, checkInFrom: "14:00", checkOutUntil: "11:00" });

  // Saving the same values again changes nothing and records nothing.
  await page.reload();
  await settingsForm(page).getByRole("button", { name: "Save" }).click();
  await expect(settingsForm(page).getByRole("status")).toHaveText("Nothing to save: these are the property's settings already.");
  expect(await e2eDb().auditEvent.count({ where: { propertyId: property.id, action: "property_settings_updated" } })).toBe(1);
});

test("a viewer sees the settings without a form, and a form sent with a viewer's session is refused", async ({ page, browser }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Settings Viewer Hotel", currency: "CHF", timezone: "Europe/Zurich" });
  await e2eDb().property.update({ where: { id: property.id }, data: { contactPhone: "+41 27 555 01 99" } });
  const viewer = await newStaff(property.slug, "viewer");
  const admin = await newStaff(property.slug, "admin");

  await openSession(page.context(), viewer.email);
  await page.goto("/settings/property");
  await expect(page.getByText("You have view access: only admins can change the property's settings.")).toBeVisible();
  const shown = page.getByTestId("property-settings");
  await expect(shown).toContainText("Settings Viewer Hotel");
  await expect(shown).toContainText("+41 27 555 01 99");
  await expect(shown).toContainText("15:00");
  await expect(page.getByTestId("time-zone-and-currency")).toContainText("Europe/Zurich");
  await expect(page.getByTestId("time-zone-and-currency")).toContainText("CHF");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  expect(await seriousViolations(page), "property settings, viewer").toEqual([]);
  const viewerSession = (await page.context().cookies()).find((c) => c.name === "rb_session")!;

  // The admin's form, sent with the viewer's session: refused on the server, nothing changes.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await openSession(adminContext, admin.email);
    await adminPage.goto("/settings/property");
    await adminContext.addCookies([viewerSession]);
    const form = settingsForm(adminPage);
    await form.getByLabel("Name").fill("Taken Over Hotel");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("alert")).toHaveText("You have view access to this property: only its admins can change its settings.");
    expect((await e2eDb().property.findUniqueOrThrow({ where: { id: property.id } })).name).toBe("Settings Viewer Hotel");
    expect(await e2eDb().auditEvent.count({ where: { propertyId: property.id, action: "property_settings_updated" } })).toBe(0);
  } finally {
    await adminContext.close();
  }
});

test("an admin editing another property's id into the form gets not found, and nothing changes", async ({ page }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Settings Own Hotel" });
  const other = await seedProperty(e2eDb(), { name: "Settings Other Hotel" });
  const admin = await newStaff(property.slug, "admin");
  await openSession(page.context(), admin.email);
  await page.goto("/settings/property");
  await settingsForm(page).locator('input[name="propertyId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), other.property.id);
  await settingsForm(page).getByLabel("Name").fill("Hijacked Hotel");
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await settingsForm(page).getByRole("button", { name: "Save" }).click();
  expect((await response).status()).toBe(404);
  expect((await e2eDb().property.findUniqueOrThrow({ where: { id: other.property.id } })).name).toBe("Settings Other Hotel");
});
