import { createApiKey } from "@/lib/api-keys/create-api-key";
import { SEED_ACTOR } from "@/lib/audit/actor";
import type { Clock } from "@/lib/clock";
import { addDays, dayOfWeek, type CalendarDate } from "@/lib/dates/calendar-date";
import { createDb, type Db } from "@/lib/db";
import { enableBookingEngine } from "@/lib/booking-engine/booking-engine";
import { propertyToday } from "@/lib/properties/property-today";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import type { ChildAgeBand } from "@/lib/rate-plans/party-price";
import { createRatePlan, type CreateRatePlanInput } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { secretBoxFromEnv, type SecretBox } from "@/lib/secrets/secret-box";
import { seedDemoBookings, type DemoChannel } from "./demo-bookings";
import { seedProperty, seedStaff, type PropertySpec } from "./factories";

/**
 * The demo data (npm run db:seed, and npm run dev on first run). Safe to run twice: a
 * property whose slug exists is left as it is (its demo bookings are made only when it is
 * created). Passwords and keys are generated, printed once by the caller, and never committed.
 */

/** Weekend nights (Friday, Saturday) +20 %, June to September +25 %, 20 Dec to 2 Jan +15 %; whole units. */
export function seasonalPrice(date: CalendarDate, basePrice: number): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  let factor = 1;
  if ([5, 6].includes(dayOfWeek(date))) factor *= 1.2;
  if (month >= 6 && month <= 9) factor *= 1.25;
  if ((month === 12 && day >= 20) || (month === 1 && day <= 2)) factor *= 1.15;
  return Math.round((basePrice * factor) / 100) * 100;
}

type DemoProperty = PropertySpec & {
  name: string;
  slug: string;
  staffEmail: string;
  staffName: string;
  keyScope: "read" | "write";
  /** Partners' keys that made some of the demo bookings (their values are never shown: the partners hold them). */
  partnerKeys: { label: string; weight: number }[];
  /** Share of the demo bookings made by the demo key, and made elsewhere (the panel, the front desk). */
  demoKeyWeight: number;
  madeElsewhereWeight: number;
  /** How guests reach the hotel (Settings › Property); the check-in and check-out times keep their defaults. */
  contact: { contactEmail: string; contactPhone: string };
  /** What shows the product at work on first start: rate plans beside Standard, a weekend's minimum stay, the booking engine on. */
  showcase?: {
    ratePlans: Omit<CreateRatePlanInput, "propertyId" | "actor">[];
    /** The first weekend (Friday and Saturday arrivals) at least this many days ahead asks for a stay of at least `minStay` nights. */
    weekendMinStay: { daysAhead: number; minStay: number };
    bookingEngine: boolean;
    /** Families: the children's age bands, and by room type's name who it takes (its rate still covering every adult it takes). */
    childAgeBands: ChildAgeBand[];
    occupancy: Record<string, { maxChildren: number; maxOccupancy: number }>;
  };
};

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    name: "Harbour View Hotel",
    slug: "harbour-view-hotel",
    timezone: "Europe/Lisbon",
    currency: "EUR",
    plan: "starter",
    staffEmail: "manager@harbour-view.example",
    staffName: "Maria Silva",
    contact: { contactEmail: "frontdesk@harbour-view.example", contactPhone: "+351 21 123 4567" },
    keyScope: "write",
    partnerKeys: [
      { label: "Wanderly travel site", weight: 35 },
      { label: "CityHop app", weight: 25 },
    ],
    demoKeyWeight: 15,
    madeElsewhereWeight: 25,
    roomTypes: [
      { name: "Single Room", description: "A quiet single room at the back, with a desk and a rain shower.", maxAdults: 1, rooms: 6, basePrice: 8_500, priceForNight: seasonalPrice },
      { name: "Double Room", description: "A double bed and a window onto the old town's roofs.", maxAdults: 2, rooms: 10, basePrice: 12_000, priceForNight: seasonalPrice },
      { name: "Twin Room", description: "Two single beds, a sofa and a view of the courtyard.", maxAdults: 2, rooms: 8, basePrice: 12_500, priceForNight: seasonalPrice },
      { name: "Family Suite", description: "Two bedrooms, a living room and a balcony over the river, for up to four.", maxAdults: 4, rooms: 3, basePrice: 26_000, priceForNight: seasonalPrice },
    ],
    showcase: {
      ratePlans: [
        { name: "Non-refundable saver", description: "Pay less: 10 % off the night's rate, no refund.", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" } },
        {
          name: "Flexible with breakfast",
          description: "Breakfast for everyone in the room; free cancellation until 3 days before arrival.",
          priceRule: { amount: 1_500 },
          cancellationPolicy: { type: "free_until", daysBefore: 3, fee: "first_night" },
        },
      ],
      weekendMinStay: { daysAhead: 14, minStay: 2 },
      bookingEngine: true,
      // Families book with their children's ages: a baby is free, a child €15.00 a night, a teen €25.00.
      childAgeBands: [
        { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
        { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
        { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
      ],
      occupancy: { "Double Room": { maxChildren: 1, maxOccupancy: 3 }, "Family Suite": { maxChildren: 3, maxOccupancy: 5 } },
    },
  },
  {
    name: "Alpine Lodge",
    slug: "alpine-lodge",
    timezone: "Europe/Zurich",
    currency: "CHF",
    plan: "free",
    staffEmail: "manager@alpine-lodge.example",
    staffName: "Lukas Meier",
    contact: { contactEmail: "reception@alpine-lodge.example", contactPhone: "+41 27 123 45 67" },
    keyScope: "read",
    // The Free plan reads only: every booking is made at the lodge itself.
    partnerKeys: [],
    demoKeyWeight: 0,
    madeElsewhereWeight: 1,
    roomTypes: [
      { name: "Mountain Double", description: "Pine panelling, a double bed and a view of the peaks.", maxAdults: 2, rooms: 5, basePrice: 18_000, priceForNight: seasonalPrice },
      { name: "Chalet Suite", description: "A wood-fired stove, two bedrooms and a terrace, for up to four.", maxAdults: 4, rooms: 3, basePrice: 34_000, priceForNight: seasonalPrice },
    ],
  },
];

/** The demo site's own key (PARTNER_API_KEY): its bookings are the hotel website's channel. */
export const SITE_KEY_LABEL = "Hotel website (guest site)";

export type SeededCredentials = {
  property: string;
  slug: string;
  staffEmail: string;
  staffPassword?: string;
  apiKey?: { id: string; key: string; scope: string };
  /** Demo bookings made (cancelled ones included). */
  bookings?: { made: number; cancelled: number };
};

/**
 * Creates whatever demo property is missing, with its demo bookings; returns the credentials
 * made this time. The bookings' events are written (the feed shows them) but nobody is told:
 * guest e-mails are switched on only after they are made, and there is no webhook endpoint
 * yet, so no dispatch job is queued for them. Then the showcase (showcaseDemo): rate plans,
 * children's age bands and room types that take children, a weekend's minimum stay and, given the
 * box the server opens engine keys with (`engineBox`), the booking engine on.
 */
export async function seedDemo(db: Db, options: { clock?: Clock; engineBox?: SecretBox } = {}): Promise<SeededCredentials[]> {
  const made: SeededCredentials[] = [];
  for (const demo of DEMO_PROPERTIES) {
    if (await db.property.findUnique({ where: { slug: demo.slug } })) continue;
    const { property, roomTypes } = await seedProperty(db, { ...demo, clock: options.clock });
    if (property.slug !== demo.slug) throw new Error(`expected slug ${demo.slug}, got ${property.slug}`);
    const staff = await seedStaff(db, property.id, { email: demo.staffEmail, name: demo.staffName, role: "admin" });
    const key = await createApiKey(db, { propertyId: property.id, scope: demo.keyScope, label: SITE_KEY_LABEL, actor: SEED_ACTOR });
    const channels: DemoChannel[] = [{ id: key.id, weight: demo.demoKeyWeight }, { id: null, weight: demo.madeElsewhereWeight }];
    for (const partner of demo.partnerKeys) {
      const partnerKey = await createApiKey(db, { propertyId: property.id, scope: "write", label: partner.label, actor: SEED_ACTOR });
      channels.push({ id: partnerKey.id, weight: partner.weight });
    }
    await db.property.update({ where: { id: property.id }, data: { guestEmailsEnabled: false } });
    const bookings = await seedDemoBookings(db, { property, roomTypes, channels, seed: demo.slug, priceForNight: seasonalPrice, clock: options.clock });
    await db.property.update({ where: { id: property.id }, data: { guestEmailsEnabled: true, ...demo.contact } });
    if (demo.showcase) await showcaseDemo(db, { property, roomTypes, showcase: demo.showcase, clock: options.clock, engineBox: options.engineBox });
    made.push({
      property: property.name,
      slug: property.slug,
      staffEmail: staff.email,
      staffPassword: staff.password,
      apiKey: { id: key.id, key: key.key, scope: key.scope },
      bookings,
    });
  }
  return made;
}

/**
 * The product at work on a demo hotel, after its demo bookings (which the rules below would have
 * refused): its rate plans, its children's age bands and the room types that take children, the
 * first weekend `daysAhead` days out with a minimum stay (arrivals on Friday and Saturday), and its
 * booking engine on when the server's box is known.
 */
async function showcaseDemo(
  db: Db,
  demo: { property: { id: string; timezone: string; testToday: Date | null }; roomTypes: { id: string; name: string }[]; showcase: NonNullable<DemoProperty["showcase"]>; clock?: Clock; engineBox?: SecretBox },
) {
  const { property, showcase } = demo;
  for (const plan of showcase.ratePlans) await createRatePlan(db, { ...plan, propertyId: property.id, actor: SEED_ACTOR });
  await setChildAgeBands(db, { propertyId: property.id, bands: showcase.childAgeBands, actor: SEED_ACTOR });
  for (const roomType of demo.roomTypes) {
    const occupancy = showcase.occupancy[roomType.name];
    if (occupancy) await updateRoomType(db, { id: roomType.id, ...occupancy, actor: SEED_ACTOR });
  }
  const from = addDays(propertyToday(property, demo.clock), showcase.weekendMinStay.daysAhead);
  const friday = addDays(from, (5 - dayOfWeek(from) + 7) % 7);
  for (const roomType of demo.roomTypes) {
    await setRates(db, { roomTypeId: roomType.id, from: friday, to: addDays(friday, 1), minStay: showcase.weekendMinStay.minStay, actor: SEED_ACTOR });
  }
  if (showcase.bookingEngine && demo.engineBox) await enableBookingEngine(db, { propertyId: property.id, actor: SEED_ACTOR, box: demo.engineBox });
}

/** npm run db:seed: seeds and prints what it made, once. The booking engine is turned on only when the server's secret is in the environment (it seals the engine's key). */
export async function seedDemoData(databaseUrl: string): Promise<SeededCredentials[]> {
  const db = createDb(databaseUrl);
  try {
    const { WEBHOOK_SECRET_KEY, SESSION_SECRET } = process.env;
    const engineBox = WEBHOOK_SECRET_KEY || SESSION_SECRET ? secretBoxFromEnv({ WEBHOOK_SECRET_KEY, SESSION_SECRET }, "booking-engine-keys") : undefined;
    if (!engineBox) console.error("[seed] SESSION_SECRET is not set: the demo hotel's booking engine stays off (turn it on in the panel, Settings › Booking engine)");
    const made = await seedDemo(db, { engineBox });
    if (!made.length) console.error("[seed] the demo properties are already there; nothing to do");
    for (const m of made) {
      console.error(`[seed] ${m.property} (${m.slug})`);
      console.error(`[seed]   staff login: ${m.staffEmail} / ${m.staffPassword ?? "(existing password)"}`);
      if (m.apiKey) console.error(`[seed]   ${m.apiKey.scope} API key: ${m.apiKey.key}   (shown once: keep it now)`);
      if (m.bookings) console.error(`[seed]   ${m.bookings.made} demo bookings, ${m.bookings.cancelled} of them cancelled`);
    }
    return made;
  } finally {
    await db.$disconnect();
  }
}
