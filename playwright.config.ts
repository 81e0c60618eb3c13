import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/test/find-chromium";

/**
 * End-to-end tests drive the production build (scripts/e2e/serve.ts builds it and starts it
 * on its own database) in Chromium: the system's by default, or CHROMIUM_PATH.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node_modules/.bin/tsx scripts/e2e/serve.ts",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
