import type { Page } from "@playwright/test";

/**
 * Every console error, uncaught page error and failed (4xx/5xx) response of a page while it
 * is open, each as one line: what a developer would see in the browser's console.
 */
export function collectPageErrors(page: Page): { take: () => string[] } {
  let errors: string[] = [];
  page.on("console", (message) => {
    // The location names what failed to load (favicon requests, say, have no response event).
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return {
    take() {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}
