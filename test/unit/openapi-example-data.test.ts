import { describe, expect, it } from "vitest";
import { encodeBookingCursor } from "@/lib/bookings/find-bookings";
import { eachDate } from "@/lib/dates/calendar-date";
import { encodeEventCursor } from "@/lib/events/event-cursor";
import { bookingsCursor, deliveriesCursor, eventsCursor, requestsCursor } from "@/lib/openapi/example-cursors";
import { nightPrice, offersOf, RATE_PLANS, STORY_CHILD_AGE_BANDS, STORY_FAMILY, STORY_FAMILY_EXTRAS, STORY_OCCUPANCY } from "@/lib/openapi/example-prices";
import { extrasPerNight, partyExtras, partyNightPrice } from "@/lib/rate-plans/party-price";
import { webhookExamples } from "@/lib/openapi/event-webhook-examples";
import { operationExamples } from "@/lib/openapi/examples";
import { EXAMPLE_WEBHOOK_SECRET } from "@/lib/openapi/webhook-examples";
import { planPolicy } from "@/lib/properties/plans";
import { ratePlanPrice } from "@/lib/rate-plans/rate-plan-price";
import { encodeRequestLogCursor } from "@/lib/request-log/list-requests";
import { encodeDeliveryCursor } from "@/lib/webhooks/list-deliveries";
import { signWebhook } from "@/lib/webhooks/sign-webhook";

/**
 * The OpenAPI document's examples are plain data (lib/openapi calls no domain code to make them);
 * this holds that data to what the domain does, so an example cannot drift from the API it shows.
 */
const TODAY = "2026-11-18";

describe("the OpenAPI examples' data", () => {
  it("prices each night as the plan's price rule does (ratePlanPrice on the Standard plan's rate)", () => {
    for (const date of eachDate("2026-11-16", "2026-11-22")) {
      for (const roomType of ["single", "double", "suite"] as const) {
        const rate = nightPrice(roomType, date);
        for (const plan of Object.values(RATE_PLANS)) {
          expect(nightPrice(roomType, date, plan), `${plan.name} ${roomType} ${date}`).toBe(ratePlanPrice(rate, { percent: plan.percent, amount: null }));
        }
      }
    }
  });

  it("prices the story's family as the party rules do (partyExtras of the story's bands and Family Suite, partyNightPrice)", () => {
    const extras = partyExtras(STORY_OCCUPANCY.suite, [...STORY_CHILD_AGE_BANDS], STORY_FAMILY);
    expect(extras.map((extra) => ({ ...extra, amount: { amount: extra.amount, currency: "EUR" } }))).toEqual(STORY_FAMILY_EXTRAS);
    for (const plan of Object.values(RATE_PLANS)) {
      const [offer] = offersOf("suite", "2026-11-19", "2026-11-23", [plan], STORY_FAMILY_EXTRAS);
      const expected = offer!.nightly.map(({ date }) => partyNightPrice(nightPrice("suite", date), extrasPerNight(extras), { percent: plan.percent, amount: null }));
      expect(offer!.nightly.map((night) => night.amount), plan.name).toEqual(expected);
    }
  });

  it("writes the cursors as the API's encoders write them", () => {
    expect(bookingsCursor("2026-11-17T16:40:27.915Z", "bk_a8eybb8rjkvehmnnzahb")).toBe(encodeBookingCursor({ createdAt: "2026-11-17T16:40:27.915Z", id: "bk_a8eybb8rjkvehmnnzahb" }));
    expect(eventsCursor("48213", "1", 1_795_000_000_000)).toBe(encodeEventCursor({ txid: "48213", sequence: "1" }, 1_795_000_000_000));
    expect(deliveriesCursor("2026-11-18T09:00:00.040Z", "whd_q2k8v3b6n5t0p7c1x9m4")).toBe(encodeDeliveryCursor("2026-11-18T09:00:00.040Z", "whd_q2k8v3b6n5t0p7c1x9m4"));
    expect(requestsCursor("48213")).toBe(encodeRequestLogCursor("48213"));
  });

  it("shows the Starter plan's rate limit", () => {
    const policy = planPolicy("starter");
    expect(operationExamples(TODAY).getMe.response.value.plan.rateLimit).toEqual({ limit: policy.limit, windowSeconds: policy.windowSeconds });
  });

  it("signs the webhooks' examples as deliveries are signed", () => {
    for (const [type, example] of Object.entries(webhookExamples(TODAY))) {
      const at = new Date(Number(example.headers["webhook-timestamp"]) * 1000);
      expect(example.headers, type).toEqual(signWebhook({ secrets: [EXAMPLE_WEBHOOK_SECRET], eventId: example.body.id, at, payload: JSON.stringify(example.body) }));
    }
  });
});
