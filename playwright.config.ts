import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/test/find-chromium";

/**
 * End-to-end tests drive the production build (scripts/e2e/serve.ts builds it and starts it
 * on its own database) in Chromium: the system's by default, or CHROMIUM_PATH.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const DEMO_HOTEL_CHANGES = "demo-hotel/**";
const SITE_KEY_CHANGES = "site-key/**";

export default defineConfig({
  testDir: "e2e",
  // e2e/dev: what only the development server has (playwright.dev.config.ts runs them).
  testIgnore: ["dev/**"],
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers, two servers and their job workers share two cores: panel pages under that
  // load have taken 25 s for a test that takes 8 s alone. Tests wait on behaviour, not speed.
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: ".data/test-reports/e2e.json" }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: ["dev/**", DEMO_HOTEL_CHANGES, SITE_KEY_CHANGES] },
    // Specs that change the demo hotel itself (its name, which every other spec sees): alone, after all the others.
    { name: "chromium-demo-hotel", use: { ...devices["Desktop Chrome"] }, testMatch: DEMO_HOTEL_CHANGES, dependencies: ["chromium"] },
    // Specs that break the demo site's own key (every guest page of the demo site needs it): last of all.
    { name: "chromium-site-key", use: { ...devices["Desktop Chrome"] }, testMatch: SITE_KEY_CHANGES, dependencies: ["chromium-demo-hotel"] },
  ],
  webServer: {
    command: "node_modules/.bin/tsx scripts/e2e/serve.ts",
    // The second instance (E2E_PORT + 1) starts once the first answers: both are up when it does.
    url: `http://127.0.0.1:${port + 1}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
