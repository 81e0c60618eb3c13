import type { Locator, Page } from "@playwright/test";

/** The children fields' labels, in a page's language. */
export const CHILDREN_LABELS = {
  en: { children: "Children", age: (number: number) => `Age of child ${number}` },
  de: { children: "Kinder", age: (number: number) => `Alter von Kind ${number}` },
};

/** Chooses how many children come, then each one's age, in a form with the children fields (a search, a change). */
export async function chooseChildren(scope: Page | Locator, ages: number[], labels = CHILDREN_LABELS.en) {
  await scope.getByLabel(labels.children, { exact: true }).selectOption(String(ages.length));
  for (const [index, age] of ages.entries()) await scope.getByLabel(labels.age(index + 1), { exact: true }).selectOption(String(age));
}

/** The Standard plan's total for the room type and party, in minor units, as the partner API prices it. */
export function standardTotal(availability: { roomTypes: { name: string; offers: { name: string; price: { amount: number } }[] }[] }, roomName: string): number {
  return availability.roomTypes.find((r) => r.name === roomName)!.offers.find((o) => o.name === "Standard")!.price.amount;
}
