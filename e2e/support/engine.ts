import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { enableBookingEngine } from "@/lib/booking-engine/booking-engine";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { secretBoxFromEnv } from "@/lib/secrets/secret-box";
import { seedProperty } from "@/prisma/factories";
import { e2eDb } from "./db";
import { sessionSecret } from "./demo";

/** The box the e2e server opens engine keys with (it seals with SESSION_SECRET, as here). */
export const engineBox = () => secretBoxFromEnv({ SESSION_SECRET: sessionSecret() }, "booking-engine-keys");

/** A hotel of its own (one room type of this name) with its booking engine on. */
export async function hotelWithEngine(name: string, roomName: string, settings: { allowedOrigins?: string[]; defaultLanguage?: string; welcomeText?: string } = {}) {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, { name: `${name} ${randomBytes(3).toString("hex")}`, roomTypes: [{ name: roomName, maxAdults: 2, rooms: 3, basePrice: 12_000 }] });
  await enableBookingEngine(db, { propertyId: property.id, actor: TEST_ACTOR, box: engineBox(), ...settings });
  return { property, roomType: roomTypes[0]!, slug: property.slug, site: `/hotels/${property.slug}` };
}

/**
 * A hotel of its own for families, with its booking engine on: one room type of this name for two
 * adults and two children (four guests together), and the children's age bands Baby 0–2 free,
 * Kind 3–11 €15.00 and Teen 12–17 €25.00 a night.
 */
export async function familyHotelWithEngine(name: string, roomName: string, settings: { defaultLanguage?: string } = {}) {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, {
    name: `${name} ${randomBytes(3).toString("hex")}`,
    roomTypes: [{ name: roomName, maxAdults: 2, maxChildren: 2, maxOccupancy: 4, rooms: 3, basePrice: 12_000 }],
  });
  const bands = [
    { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
    { name: "Kind", fromAge: 3, toAge: 11, amount: 1_500 },
    { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
  ];
  await setChildAgeBands(db, { propertyId: property.id, bands, actor: TEST_ACTOR });
  await enableBookingEngine(db, { propertyId: property.id, actor: TEST_ACTOR, box: engineBox(), ...settings });
  return { property, roomType: roomTypes[0]!, slug: property.slug, site: `/hotels/${property.slug}` };
}

/**
 * A hotel's own website on another site (http://localhost:PORT, while the app is on 127.0.0.1):
 * `pageOf(slug)` is a page with the widget's snippet and a listener that writes
 * room-booking:booked's reference into #booked.
 */
export async function hotelWebsite(appOrigin: string): Promise<{ origin: string; pageOf: (slug: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const slug = new URL(request.url ?? "/", "http://localhost").searchParams.get("hotel") ?? "";
    if (!/^[a-z0-9-]+$/.test(slug)) return void response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hotel website</title></head><body>
<h1>Welcome to our hotel</h1>
<p id="booked">no booking yet</p>
<script>document.addEventListener("room-booking:booked", function (e) { document.getElementById("booked").textContent = "booked " + e.detail.reference; });</script>
<script src="${appOrigin}/widget.js" data-hotel="${slug}" async></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { origin, pageOf: (slug) => `${origin}/?hotel=${slug}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A web designer's page on http://127.0.0.1:PORT with exactly the snippet they pasted: another
 * site than an app reached as localhost (npm run dev's address). Console lines of the page go to
 * `console` of the test's page as usual.
 */
export async function pageWithSnippet(snippet: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our hotel</title></head><body><h1>Our hotel</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

