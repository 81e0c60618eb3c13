import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Rules axe-core (4.13) still ships as experimental, so off unless asked for, that check WCAG
 * criteria our pages must meet. label-content-name-mismatch is WCAG 2.5.3 (A): a link or button
 * whose name is not its visible text cannot be clicked by saying what it says (voice control).
 */
const EXPERIMENTAL_RULES_WE_NEED = ["label-content-name-mismatch"];

/** Serious and critical axe findings (WCAG 2.x A/AA, best practices) on the page as it is now. */
export async function seriousViolations(page: Page) {
  // Next.js streams an async generateMetadata's <title> after the page's content: a scan the moment
  // the content shows can come before it (axe document-title). Scan the page once it has its title;
  // a page that never gets one still fails, here.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_RULES_WE_NEED.map((rule) => [rule, { enabled: true }])) })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
}
