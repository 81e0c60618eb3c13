import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

/**
 * GET /rates as the ARI calendar (issue 39): each night lists its price under every active plan
 * sold for the room type, for the adults its rate covers, and that price is the one GET
 * /availability offers for the same night, plan and party; ?ratePlanId= narrows the list.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
const plans: Record<string, string> = {};

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  hotel = await partnerFixture(db, {
    roomTypes: [
      { name: "Family Suite", description: "Two rooms.", maxAdults: 4, rooms: 3, basePrice: 20_000 },
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 2, basePrice: 12_000 },
    ],
  });
  key = hotel.readKey.key;
  const [suite, double] = hotel.roomTypes;
  // The suite's rate covers two adults; two more pay 35.00 each a night (nothing in the calendar's price).
  await db.roomType.update({ where: { id: suite!.id }, data: { adultsIncluded: 2, extraAdult: 3_500 } });
  // Rates that round: 10 % off 123.45 is 111.105 → 111.11 (half up).
  await setRates(db, { propertyId: hotel.property.id, roomTypeId: double!.id, from: addDays(hotel.today, 10), to: addDays(hotel.today, 12), price: 12_345, actor: TEST_ACTOR });
  const plan = (name: string, priceRule: { percent: number } | { amount: number }, roomTypeIds?: string[]) =>
    createRatePlan(db, { propertyId: hotel.property.id, actor: TEST_ACTOR, name, priceRule, cancellationPolicy: { type: "non_refundable" }, ...(roomTypeIds ? { roomTypeIds } : {}) });
  plans.nonRefundable = (await plan("Non-refundable", { percent: -10 })).id;
  plans.breakfast = (await plan("With breakfast", { amount: 1_850 }, [suite!.id])).id;
  const gone = await plan("Old offer", { percent: -50 });
  await deactivateRatePlan(db, { id: gone.id, propertyId: hotel.property.id, actor: TEST_ACTOR });
  plans.gone = gone.id;
});

describe("GET /rates: each night's plans", () => {
  it("prices every night under every active plan sold for the room type, exactly as availability offers it for the adults the rate covers", async () => {
    const from = addDays(hotel.today, 9);
    const to = addDays(hotel.today, 13);
    const calendar = await api("GET", `/rates?from=${from}&to=${to}`, { key });
    expect(calendar.status, calendar.text).toBe(200);
    const [suite, double] = hotel.roomTypes;
    const byType = new Map(calendar.body.roomTypes.map((r: { roomTypeId: string }) => [r.roomTypeId, r]));
    const standard = (await api("GET", "/rate-plans", { key })).body.data.find((p: { name: string }) => p.name === "Standard").id;
    type Night = { date: string; plans: { ratePlanId: string; amount: number }[] };
    const nightsOf = (roomTypeId: string) => (byType.get(roomTypeId) as { nights: Night[] }).nights;
    expect(nightsOf(suite!.id)[0]!.plans.map((p) => p.ratePlanId)).toEqual([standard, plans.nonRefundable, plans.breakfast]);
    expect(nightsOf(double!.id)[0]!.plans.map((p) => p.ratePlanId)).toEqual([standard, plans.nonRefundable]);
    expect(nightsOf(double!.id).find((n) => n.date === addDays(hotel.today, 10))!.plans).toEqual([
      { ratePlanId: standard, amount: 12_345 },
      { ratePlanId: plans.nonRefundable, amount: 11_111 },
    ]);

    // The same price for the same night: availability's offers, one night at a time, for the rate's own adults.
    for (const [roomType, adults] of [[suite!, 2], [double!, 2]] as const) {
      for (const night of nightsOf(roomType.id)) {
        const offers = await api("GET", `/availability?checkin=${night.date}&checkout=${addDays(night.date, 1)}&adults=${adults}`, { key });
        const offer = offers.body.roomTypes.find((r: { roomTypeId: string }) => r.roomTypeId === roomType.id);
        const offered = offer.offers.map((o: { ratePlanId: string; nightly: { amount: number }[] }) => ({ ratePlanId: o.ratePlanId, amount: o.nightly[0]!.amount }));
        expect(offered.sort((a: { ratePlanId: string }, b: { ratePlanId: string }) => a.ratePlanId.localeCompare(b.ratePlanId)), `${roomType.name} ${night.date}`).toEqual(
          [...night.plans].sort((a, b) => a.ratePlanId.localeCompare(b.ratePlanId)),
        );
      }
    }
  });

  it("lists only the plan asked for with ?ratePlanId=, refuses an inactive or unknown plan, and lists none for a night not for sale", async () => {
    const from = addDays(hotel.today, 10);
    const narrowed = await api("GET", `/rates?from=${from}&to=${from}&ratePlanId=${plans.breakfast}`, { key });
    expect(narrowed.status).toBe(200);
    // Sold for the suite only: the Double is not listed, the suite's night lists the plan alone.
    expect(narrowed.body.roomTypes).toHaveLength(1);
    const [night] = narrowed.body.roomTypes[0].nights;
    expect(night.plans).toEqual([{ ratePlanId: plans.breakfast, amount: night.amount }]);
    for (const id of [plans.gone, "rp_5f3k9q2m8x1c7v4b6n0t"]) {
      const refused = await api("GET", `/rates?from=${from}&to=${from}&ratePlanId=${id}`, { key });
      expect(refused.status, id).toBe(422);
      expect(refused.body.code).toBe("unknown_rate_plan");
    }
    const beyond = await api("GET", `/rates?from=${addDays(hotel.today, 800)}&to=${addDays(hotel.today, 800)}`, { key });
    expect(beyond.body.roomTypes[0].nights[0]).toMatchObject({ amount: null, closed: true, plans: [] });
  });
});
