import { describe, expect, it } from "vitest";
import { changeStayState } from "@/app/(site)/_lib/change-stay-state";
import { stayChangeOf, type StayQuote } from "@/lib/guest-site/change-stay";
import { guestWords } from "@/lib/i18n/guest-words";

const EN = guestWords("en");
import type { ChangeStayState } from "@/components/booking-widget/form-states";
import { sampleBookingView } from "../support/booking-view-fixture";

const booking = sampleBookingView();
const values = { checkin: "2026-12-15", checkout: "2026-12-18", adults: "2" };
const quote: StayQuote = { checkin: "2026-12-15", checkout: "2026-12-18", nights: 3, adults: 2, childrenAges: [], price: { amount: 46_000, currency: "EUR" }, nightly: [] };
const edit: ChangeStayState = { step: "edit", values };

describe("stayChangeOf", () => {
  it("asks for what is missing beside its field, and the API judges the rest", () => {
    expect(stayChangeOf(values, EN)).toEqual({ change: { checkin: "2026-12-15", checkout: "2026-12-18", adults: 2, childrenAges: [] } });
    expect(stayChangeOf({ checkin: "", checkout: "2026-12-18", adults: "two" }, EN)).toEqual({
      fieldErrors: { checkin: "Choose a check-in date.", adults: "Enter the number of adults as a whole number." },
    });
    expect(stayChangeOf({ ...values, adults: "" }, EN)).toEqual({ fieldErrors: { adults: "Say how many adults are staying." } });
    expect(stayChangeOf({ ...values, checkin: "2026-02-30", adults: "99" }, EN)).toEqual({ change: { checkin: "2026-02-30", checkout: "2026-12-18", adults: 99, childrenAges: [] } });
  });

  it("asks for every child as they now are: each age chosen, or the child whose age is missing named beside its select", () => {
    expect(stayChangeOf({ ...values, children: "2", ages: ["4", "9"] }, EN)).toEqual({ change: { checkin: "2026-12-15", checkout: "2026-12-18", adults: 2, childrenAges: [4, 9] } });
    expect(stayChangeOf({ ...values, children: "0", ages: [] }, EN)).toEqual({ change: { checkin: "2026-12-15", checkout: "2026-12-18", adults: 2, childrenAges: [] } });
    expect(stayChangeOf({ ...values, checkin: "", children: "3", ages: ["4", "", "18"] }, EN)).toEqual({
      fieldErrors: { checkin: "Choose a check-in date.", age2: "Choose the age of child 2.", age3: "Choose the age of child 3." },
    });
  });
});

describe("changeStayState", () => {
  it("gives each preview, and each new quote after a price change, a key of its own for Confirm change", () => {
    const first = changeStayState({ kind: "quote", quote }, { step: "preview", values, booking, previous: edit, words: EN });
    expect(first).toEqual({ step: "preview", values, preview: { quote, currentPrice: booking.price, idempotencyKey: expect.any(String) } });
    const moved = changeStayState({ kind: "price_changed", quote }, { step: "confirm", values, booking, previous: first, words: EN });
    expect(moved.preview).toMatchObject({ quote, priceChanged: true });
    expect(moved.preview!.idempotencyKey).not.toBe(first.preview!.idempotencyKey);
  });

  it("shows the same preview with the same key when a confirmation may not have arrived, so confirming again changes once", () => {
    const preview = changeStayState({ kind: "quote", quote }, { step: "preview", values, booking, previous: edit, words: EN });
    expect(changeStayState({ kind: "unreachable" }, { step: "confirm", values, booking, previous: preview, words: EN })).toEqual({ ...preview, error: EN.t("change.unreachable") });
    expect(changeStayState({ kind: "refused", reason: "key_in_use" }, { step: "confirm", values, booking, previous: preview, words: EN })).toEqual({ ...preview, error: EN.t("change.keyInUse") });
    // Without the preview (it did not come back with the form), the dates, kept.
    expect(changeStayState({ kind: "unreachable" }, { step: "confirm", values, booking, previous: edit, words: EN })).toEqual({ step: "edit", values, error: EN.t("common.unreachable") });
    expect(changeStayState({ kind: "unreachable" }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({ step: "edit", values, error: EN.t("common.unreachable") });
  });

  it("explains a booking that cannot change: started (its check-in back as it is), cancelled or over (no form)", () => {
    expect(changeStayState({ kind: "not_changeable", reason: "started", checkin: "2026-12-14" }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({
      step: "edit",
      values: { ...values, checkin: "2026-12-14" },
      started: true,
      error: EN.t("change.started"),
    });
    expect(changeStayState({ kind: "not_changeable", reason: "cancelled", checkin: "2026-12-14" }, { step: "confirm", values, booking, previous: edit, words: EN })).toEqual({
      step: "edit",
      values,
      closed: true,
      error: EN.t("change.cancelled"),
    });
  });

  it("keeps the guest's values beside field errors, sold-out nights and the nothing-to-change notice", () => {
    expect(changeStayState({ kind: "invalid", fieldErrors: { checkout: "Must be after the check-in date." } }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({
      step: "edit",
      values,
      fieldErrors: { checkout: "Must be after the check-in date." },
    });
    expect(changeStayState({ kind: "sold_out", night: "2026-12-16", nights: 3, suggestions: [] }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({
      step: "edit",
      values,
      soldOut: { night: "2026-12-16", nights: 3, suggestions: [] },
    });
    expect(changeStayState({ kind: "unchanged" }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({ step: "edit", values, notice: EN.t("change.unchanged") });
    const restricted = "Stays arriving on Tue 15 December must be at least 4 nights. Please choose other dates.";
    expect(changeStayState({ kind: "restricted", message: restricted }, { step: "preview", values, booking, previous: edit, words: EN })).toEqual({ step: "edit", values, error: restricted });
  });
});
