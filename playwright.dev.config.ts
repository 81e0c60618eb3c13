import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The same Chromium against the development server (`next dev`, as `npm run dev` serves it):
 * the pages' console-error sweep, and what only development has (the dev mailbox). Its own
 * port, so it never meets the production build's servers.
 */
const port = Number(process.env.E2E_DEV_PORT ?? 3200);

export default defineConfig({
  ...base,
  testMatch: ["all-pages.spec.ts", "dev/**/*.spec.ts"],
  testIgnore: [],
  // One worker: next dev compiles each page on its first visit, and two cores are few.
  workers: 1,
  timeout: 180_000,
  // A page's first visit waits for its compilation (and a reload when next dev has rebuilt it).
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json", { outputFile: ".data/test-reports/e2e-dev.json" }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  projects: [{ ...base.projects![0]!, name: "chromium-dev", testIgnore: [] }],
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!),
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_PORT: String(port), E2E_DEV: "1" },
  },
});
