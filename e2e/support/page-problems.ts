import type { Page } from "@playwright/test";

/**
 * Everything a page reports going wrong while a test drives it: console errors, uncaught
 * errors, and responses of 400 or more. (A missing favicon shows only as a console error:
 * the browser does not report that request to the page.) Start it before the first `goto`;
 * a clean page leaves every list empty.
 */
export function collectPageProblems(page: Page) {
  const problems = { consoleErrors: [] as string[], pageErrors: [] as string[], failedResponses: [] as string[] };
  page.on("console", (message) => {
    if (message.type() === "error") problems.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}
