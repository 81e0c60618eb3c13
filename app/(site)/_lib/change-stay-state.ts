import { randomUUID } from "node:crypto";
import type { BookingView } from "@/lib/schemas/bookings";
import type { ChangeStayOutcome } from "@/lib/guest-site/change-stay";
import type { GuestWords } from "@/lib/i18n/guest-words";
import type { ChangeStayState, ChangeStayValues } from "@/components/booking-widget/form-states";

type Outcome = Exclude<ChangeStayOutcome, { kind: "changed" | "not_found" }>;

type StepContext = { step: "preview" | "confirm"; values: ChangeStayValues; previous: ChangeStayState; words: GuestWords };

/**
 * The API could not be reached: a confirmation shows its preview again (same key: Confirm again
 * is safe), anything else the dates with the message. Also before the booking was read.
 */
export function unreachableState(context: StepContext): ChangeStayState {
  const { step, values, previous, words } = context;
  return step === "confirm" && previous.step === "preview" && previous.preview ? { ...previous, error: words.t("change.unreachable") } : { step: "edit", values, error: words.t("common.unreachable") };
}

/**
 * What the change form shows after "See the new price" or "Confirm change" (anything but a
 * change made, which leaves the form). Each preview gets a new Idempotency-Key for its Confirm
 * change. A confirmation that may or may not have arrived (the API unreachable or busy) shows
 * the same preview again, with the same key, so pressing Confirm change again is safe.
 */
export function changeStayState(outcome: Outcome, context: StepContext & { booking: BookingView }): ChangeStayState {
  const { values, booking, words } = context;
  const edit = (rest: Partial<ChangeStayState>): ChangeStayState => ({ step: "edit", values, ...rest });
  // Without the preview to show again (it was not sent back), the guest starts from the new dates.
  const samePreview = (error: string): ChangeStayState =>
    context.step === "confirm" && context.previous.step === "preview" && context.previous.preview ? { ...context.previous, error } : edit({ error: words.t("common.unreachable") });
  switch (outcome.kind) {
    case "quote":
      return { step: "preview", values, preview: { quote: outcome.quote, currentPrice: booking.price, idempotencyKey: randomUUID() } };
    case "price_changed":
      return { step: "preview", values, preview: { quote: outcome.quote, currentPrice: booking.price, idempotencyKey: randomUUID(), priceChanged: true } };
    case "unchanged":
      return edit({ notice: words.t("change.unchanged") });
    case "invalid":
      return edit({ fieldErrors: outcome.fieldErrors });
    case "restricted":
      return edit({ error: outcome.message });
    case "sold_out":
      return edit({ soldOut: { night: outcome.night, nights: outcome.nights, suggestions: outcome.suggestions } });
    case "not_changeable":
      if (outcome.reason === "started") return edit({ error: words.t("change.started"), started: true, values: { ...values, checkin: outcome.checkin } });
      return edit({ error: words.t(`change.${outcome.reason}`), closed: true });
    case "refused":
      if (outcome.reason === "key_reused") return edit({ error: words.t("change.keyReused") });
      return samePreview(words.t(outcome.reason === "key_in_use" ? "change.keyInUse" : "change.busy"));
    case "unreachable":
      return unreachableState(context);
  }
}
