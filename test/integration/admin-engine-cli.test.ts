import { beforeAll, describe, expect, it } from "vitest";
import { openBookingEngine } from "@/lib/booking-engine/booking-engine";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { adminCliOn, runAdminCli } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";
import { partnerFixture } from "../support/partner-fixtures";
import { TEST_SESSION_SECRET } from "../support/test-worker";

/** The admin CLI's engine commands as operators run them (child processes), the key sealed as the server opens it. */
const database = setupTestDatabase();

beforeAll(() => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  process.env.PUBLIC_BASE_URL = "https://book.example";
});

const admin = adminCliOn(database);

describe("admin CLI: engine", { timeout: 120_000 }, () => {
  it("engine enable prints the site and the snippet with the allowed sites (repeatable); engine disable ends it; a bad site exits 2", async () => {
    const hotel = await partnerFixture(database().db, { name: "Cli Engine Hotel" });
    const slug = hotel.property.slug;
    const enabled = await admin(["engine", "enable", slug, "--allow-origin", "https://www.cli-engine.example", "--allow-origin", "http://localhost:4000", "--language", "de", "--json"]);
    expect(enabled.stderr).toBe("");
    expect(JSON.parse(enabled.stdout)).toEqual({
      slug,
      url: `https://book.example/hotels/${slug}`,
      snippet: `<script src="https://book.example/widget.js" data-hotel="${slug}" async></script>`,
      allowedOrigins: ["https://www.cli-engine.example", "http://localhost:4000"],
      defaultLanguage: "de",
    });
    // Sealed with the server's secret: the server opens it.
    const opened = await openBookingEngine(database().db, slug, createSecretBox(TEST_SESSION_SECRET, "booking-engine-keys"));
    expect(opened?.apiKey).toMatch(/^rbp_/);
    expect(enabled.stdout).not.toContain(opened!.apiKey);

    const refused = await admin(["engine", "enable", slug, "--allow-origin", "http://www.cli-engine.example"]);
    expect([refused.code, refused.stdout]).toEqual([2, ""]);
    expect(refused.stderr).toContain("https:// only");

    const disabled = await admin(["engine", "disable", slug, "--json"]);
    expect(JSON.parse(disabled.stdout)).toEqual({ slug, enabled: false });
    expect(await openBookingEngine(database().db, slug, createSecretBox(TEST_SESSION_SECRET, "booking-engine-keys"))).toBeNull();
  });

  it("without PUBLIC_BASE_URL, the snippet and the site's address follow PORT, as the server's do", async () => {
    const hotel = await partnerFixture(database().db, { name: "Cli Engine Port Hotel" });
    const slug = hotel.property.slug;
    const enabled = await runAdminCli(database().url, ["engine", "enable", slug, "--json"], "", { PUBLIC_BASE_URL: undefined, PORT: "3100" });
    expect(enabled.stderr).toBe("");
    const answer = JSON.parse(enabled.stdout) as { url: string; snippet: string };
    expect(answer.url).toBe(`http://localhost:3100/hotels/${slug}`);
    expect(answer.snippet).toBe(`<script src="http://localhost:3100/widget.js" data-hotel="${slug}" async></script>`);
  });
});
