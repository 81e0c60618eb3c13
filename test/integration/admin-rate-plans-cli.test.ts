import { describe, expect, it } from "vitest";
import { addDays, dateInTimeZone, fromDbDate, toDbDate } from "@/lib/dates/calendar-date";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { adminCliOn, cliFixtureProperty, failureOfRun as failure, jsonOfRun as json } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

/** The CLI as operators run it: a child process on the test database. */
const admin = adminCliOn(database);
const property = () => cliFixtureProperty(database().db);

describe("admin CLI: rate plans and restrictions", { timeout: 120_000 }, () => {
  it("rate-plan create prints the plan as GET /rate-plans shows it with its price rule, audits it, and refuses a plan without a policy", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const [double, suite] = await Promise.all([
      createRoomType(db, { propertyId, name: "Double", maxAdults: 2, rooms: 3, basePrice: 10000 }),
      createRoomType(db, { propertyId, name: "Suite", maxAdults: 4, rooms: 1, basePrice: 30000 }),
    ]);
    const saver = json(await admin(["rate-plan", "create", slug, "--name", "Non-refundable saver", "--description", "Pay less, no refund", "--percent=-10", "--non-refundable", "--room-types", double.id, "--json"]));
    expect(saver).toEqual({
      id: expect.stringMatching(/^rp_/),
      name: "Non-refundable saver",
      description: "Pay less, no refund",
      roomTypeIds: [double.id],
      cancellationPolicy: { type: "non_refundable" },
      active: true,
      priceRule: { percent: -10 },
    });
    const flexible = json(await admin(["rate-plan", "create", slug, "--name", "Flexible", "--amount", "1500", "--free-until-days", "3", "--fee", "full_stay", "--json"]));
    expect(flexible).toMatchObject({ roomTypeIds: [double.id, suite.id], cancellationPolicy: { type: "free_until", daysBefore: 3, fee: "full_stay" }, priceRule: { amount: 1500 } });
    const plain = await admin(["rate-plan", "create", slug, "--name", "Room only", "--free-until-days", "0", "--fee", "first_night"]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("the night's rate, free cancellation until the day of arrival, sold for every room type");
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "rate_plan_created", details: { path: ["ratePlanId"], equals: saver.id as string } } });
    expect(audit).toMatchObject({ actorId: null, actorLabel: "admin CLI", details: { priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" } } });

    const [noPolicy, bothRules, feeAlone, badFee, badPercent, badRoomType, unknownSlug] = await Promise.all([
      admin(["rate-plan", "create", slug, "--name", "Vague", "--json"]),
      admin(["rate-plan", "create", slug, "--name", "Both", "--percent", "5", "--amount", "100", "--non-refundable"]),
      admin(["rate-plan", "create", slug, "--name", "Fee", "--free-until-days", "2"]),
      admin(["rate-plan", "create", slug, "--name", "Fee", "--free-until-days", "2", "--fee", "half"]),
      admin(["rate-plan", "create", slug, "--name", "Cheap", "--percent=-95", "--non-refundable"]),
      admin(["rate-plan", "create", slug, "--name", "Elsewhere", "--non-refundable", "--room-types", "rt_00000000000000000000"]),
      admin(["rate-plan", "create", "no-such-inn", "--name", "Lost", "--non-refundable"]),
    ]);
    expect(failure(noPolicy, 2)).toMatch(/^error: rate-plan create: a cancellation policy is required: give --non-refundable or --free-until-days N --fee first_night\|full_stay/);
    expect(failure(bothRules, 2)).toContain("give --percent or --amount, not both");
    expect(failure(feeAlone, 2)).toContain("--free-until-days needs --fee first_night|full_stay");
    expect(failure(badFee, 2)).toContain('--fee must be first_night or full_stay, not "half"');
    expect(failure(badPercent, 2)).toContain("percent must be a whole number from -90 to +200");
    expect(failure(badRoomType, 2)).toContain('no room type "rt_00000000000000000000" at this property');
    expect(failure(unknownSlug, 1)).toBe('error: no property with slug "no-such-inn"');
    expect(await db.ratePlan.count({ where: { propertyId } })).toBe(4); // Standard and the three made
  });

  it("rate-plan list shows every plan, Standard first, active or not; rate-plan deactivate stops one, never the Standard plan", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const saver = json(await admin(["rate-plan", "create", slug, "--name", "Advance saver", "--percent=-15", "--non-refundable", "--json"]));
    expect(json(await admin(["rate-plan", "deactivate", saver.id as string, "--json"]))).toEqual({ id: saver.id, active: false });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "rate_plan_deactivated" } });
    expect(audit).toMatchObject({ actorLabel: "admin CLI", details: { ratePlanId: saver.id } });

    const listed = json(await admin(["rate-plan", "list", slug, "--json"])) as { data: { id: string; name: string; active: boolean; priceRule: unknown }[] };
    expect(listed.data.map((plan) => [plan.name, plan.active, plan.priceRule])).toEqual([
      ["Standard", true, null],
      ["Advance saver", false, { percent: -15 }],
    ]);
    const standardId = listed.data[0]!.id;
    const [standard, unknown, text] = await Promise.all([
      admin(["rate-plan", "deactivate", standardId]),
      admin(["rate-plan", "deactivate", "rp_00000000000000000000"]),
      admin(["rate-plan", "list", slug]),
    ]);
    expect(failure(standard, 1)).toContain("the Standard plan cannot change");
    expect(failure(unknown, 1)).toBe('error: no rate plan with id "rp_00000000000000000000"');
    expect(text.stdout).toMatch(/Advance saver +-15 % +non-refundable +no/);
    expect((await db.ratePlan.findUniqueOrThrow({ where: { id: standardId } })).active).toBe(true);
  });

  it("rates set sets and clears the stay restrictions, audits them, and refuses bad values with exit 2", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const roomType = await createRoomType(db, { propertyId, name: "Twin", maxAdults: 2, rooms: 5, basePrice: 10000 });
    const from = addDays(dateInTimeZone(new Date(), "Europe/Lisbon"), 5);
    const to = addDays(from, 1);
    const nights = async () =>
      (await db.roomNight.findMany({ where: { roomTypeId: roomType.id, date: { gte: toDbDate(from), lte: toDbDate(addDays(to, 1)) } }, orderBy: { date: "asc" } })).map((n) => [
        fromDbDate(n.date),
        n.minStay,
        n.maxStay,
        n.closedToArrival,
        n.closedToDeparture,
        n.price,
      ]);
    const set = json(await admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--min-stay", "3", "--max-stay", "7", "--closed-to-arrival", "true", "--closed-to-departure", "true", "--json"]));
    expect(set).toEqual({ roomTypeId: roomType.id, nights: 2, keptAboveSold: 0 });
    expect(await nights()).toEqual([
      [from, 3, 7, true, true, 10000],
      [to, 3, 7, true, true, 10000],
      [addDays(to, 1), 1, null, false, false, 10000],
    ]);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "rates_set" } });
    expect(audit).toMatchObject({ actorLabel: "admin CLI", details: { changes: { minStay: 3, maxStay: 7, closedToArrival: true, closedToDeparture: true } } });

    json(await admin(["rates", "set", roomType.id, "--from", from, "--to", from, "--max-stay", "none", "--closed-to-arrival", "false", "--json"]));
    expect((await nights())[0]).toEqual([from, 3, null, false, true, 10000]);

    const [badBoolean, badMin, maxBelowMin, badMax] = await Promise.all([
      admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--closed-to-arrival", "yes"]),
      admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--min-stay", "0"]),
      admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--min-stay", "5", "--max-stay", "2"]),
      admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--max-stay", "never"]),
    ]);
    expect(failure(badBoolean, 2)).toContain('--closed-to-arrival must be true or false, not "yes"');
    expect(failure(badMin, 2)).toContain("min stay must be a whole number of nights from 1 to 30");
    expect(failure(maxBelowMin, 2)).toContain("max stay must not be below min stay");
    expect(failure(badMax, 2)).toContain('--max-stay must be a whole number of nights or none, not "never"');
    expect((await nights())[1]).toEqual([to, 3, 7, true, true, 10000]);
  });
});
