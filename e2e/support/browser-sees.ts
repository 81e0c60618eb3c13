import type { Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every response the page receives from now on, whole (body and headers), read before the browser gets it, so none is missed or read late. */
export async function recordResponses(page: Page): Promise<{ url: string; body: string; headers: string }[]> {
  const seen: { url: string; body: string; headers: string }[] = [];
  await page.route("**/*", async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const body = await response.body();
    seen.push({ url: route.request().url(), body: body.toString("utf8"), headers: JSON.stringify(response.headersArray()) });
    await route.fulfill({ response, body });
  });
  return seen;
}

/** Every file the build serves to browsers (.next/static), with its text. */
export function staticFiles(): { file: string; text: string }[] {
  const under = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? under(join(dir, entry.name)) : [join(dir, entry.name)]));
  return under(join(process.cwd(), ".next", "static")).map((file) => ({ file, text: readFileSync(file, "latin1") }));
}
