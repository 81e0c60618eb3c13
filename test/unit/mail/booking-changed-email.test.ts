import { describe, expect, it } from "vitest";
import { guestWords } from "@/lib/i18n/guest-words";
import { guestSeesChange, priceDifference } from "@/lib/mail/booking-change-facts";
import { guestEmailLabel } from "@/lib/mail/list-guest-emails";
import { renderGuestEmail, type GuestEmailInput } from "@/lib/mail/render-guest-email";
import type { BookingChangePrevious } from "@/lib/schemas/bookings";
import { sampleBookingView } from "../../support/booking-view-fixture";

/** "Your booking has changed": the stay as it now stands, what each changed fact was, and the difference in price. */

// Was Mon 14 → Thu, 17 Dec 2026 in a Double Room at €450.00; now one night longer, in a Suite, for €545.00.
const booking = sampleBookingView({ checkout: "2026-12-18", nights: 4, roomTypeId: "rt_9x8c7v6b5n4m3q2k1t0p", price: { amount: 54500, currency: "EUR" } });
const previous: BookingChangePrevious = {
  checkout: "2026-12-17",
  nights: 3,
  roomTypeId: "rt_2b6n0t5f3k9q2m8x1c7v",
  price: { amount: 45000, currency: "EUR" },
};

function render(overrides: Partial<GuestEmailInput> = {}) {
  return renderGuestEmail({
    kind: "booking.changed",
    booking,
    hotelName: "Hotel Vista Hermosa",
    roomTypeName: "Suite",
    manageUrl: "https://book.example.com/manage/bk_2b6n0t5f3k9q2m8x1c7v.sig",
    change: { previous, previousRoomTypeName: "Double Room" },
    ...overrides,
  });
}

describe("the booking changed e-mail", () => {
  it("says the booking has changed, in the subject and the heading", () => {
    const email = render();
    expect(email.subject).toBe("Your booking at Hotel Vista Hermosa has changed – HVH-4K7Q2M");
    expect(email.html).toContain(">Your booking has changed</h1>");
    expect(email.text).toContain("Your booking at Hotel Vista Hermosa has changed.");
  });

  it("gives the new stay and what each changed fact was, and leaves unchanged facts alone", () => {
    const { text, html } = render();
    expect(text).toMatch(/^Check-in: Mon, 14 Dec 2026$/m);
    expect(text).toMatch(/^Check-out: Fri, 18 Dec 2026 \(was Thu, 17 Dec 2026\)$/m);
    expect(text).toMatch(/^Nights: 4 nights \(was 3 nights\)$/m);
    expect(text).toMatch(/^Room: Suite \(was Double Room\)$/m);
    expect(text).toMatch(/^Guests: 2 adults$/m);
    expect(text).toMatch(/^Total price: €545\.00 \(was €450\.00\)$/m);
    expect(text).toMatch(/^Price difference: \+ €95\.00$/m);
    expect(text).not.toMatch(/^Guest:/m);
    expect(text).toContain("View, change or cancel your booking: https://book.example.com/manage/bk_2b6n0t5f3k9q2m8x1c7v.sig");
    expect(html).toContain("Fri, 18 Dec 2026<br><span");
    expect(html).toContain("(was Thu, 17 Dec 2026)</span>");
    expect(html).toContain("+ €95.00");
    expect(html).toContain(">View, change or cancel your booking</a>");
  });

  it("says what the rate and its cancellation terms were when the change moved them", () => {
    const { text } = render({
      change: {
        previous: { ...previous, ratePlan: { id: "rp_7k2m9q4x8c1v5b3n6t0d", name: "Non-refundable saver" }, cancellation: { refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 45000, currency: "EUR" } } },
        previousRoomTypeName: "Double Room",
      },
    });
    expect(text).toMatch(/^Rate: Standard \(was Non-refundable saver\)$/m);
    expect(text).toMatch(/^Cancellation: Free cancellation until Mon 14 December, then €150.00 \(was Non-refundable, cancelling costs €450.00\)$/m);
    expect(render().text).toMatch(/^Rate: Standard$/m);
  });

  it.each([
    [{ amount: 45000, currency: "EUR" }, { amount: 41000, currency: "EUR" }, "\u2212 €40.00"],
    [{ amount: 45000, currency: "EUR" }, { amount: 54500, currency: "EUR" }, "+ €95.00"],
    [{ amount: 45000, currency: "EUR" }, { amount: 45000, currency: "EUR" }, "no change"],
    [undefined, { amount: 45000, currency: "EUR" }, "no change"],
    [{ amount: 12000, currency: "JPY" }, { amount: 15000, currency: "JPY" }, "+ JP¥3,000"],
  ])("the difference from %j to %j is %s", (before, now, words) => {
    expect(priceDifference(now, before, guestWords("en"))).toBe(words);
  });

  it("says no change in price when the price did not change (a new number of adults only)", () => {
    const email = render({ booking: sampleBookingView({ adults: 1 }), roomTypeName: "Double Room", change: { previous: { adults: 2 }, previousRoomTypeName: null } });
    expect(email.text).toMatch(/^Guests: 1 adult \(was 2 adults\)$/m);
    expect(email.text).toMatch(/^Total price: €450\.00$/m);
    expect(email.text).toMatch(/^Price difference: no change$/m);
    expect(email.text).toMatch(/^Check-out: Thu, 17 Dec 2026$/m);
  });

  it("names a change of children with their ages, and of adults and children together", () => {
    const family = sampleBookingView({ childrenAges: [4, 9] });
    const children = render({ booking: family, roomTypeName: "Double Room", change: { previous: { childrenAges: [4] }, previousRoomTypeName: null } });
    expect(children.text).toMatch(/^Guests: 2 adults, 2 children \(4, 9\) \(was 2 adults, 1 child \(4\)\)$/m);
    const both = render({ booking: sampleBookingView({ adults: 1 }), roomTypeName: "Double Room", change: { previous: { adults: 2, childrenAges: [4, 9] }, previousRoomTypeName: null } });
    expect(both.text).toMatch(/^Guests: 1 adult \(was 2 adults, 2 children \(4, 9\)\)$/m);
    const german = render({ booking: { ...family, guest: { ...family.guest, language: "de" } }, roomTypeName: "Double Room", change: { previous: { childrenAges: [] }, previousRoomTypeName: null } });
    expect(german.text).toMatch(/^Gäste: 2 Erwachsene, 2 Kinder \(4, 9\) \(vorher 2 Erwachsene\)$/m);
  });

  it("shows the guest's new details as updated, without repeating the old name or address", () => {
    const changed = sampleBookingView({ guest: { firstName: "Bo", lastName: "Sousa", email: "bo@example.com" } });
    const email = render({ booking: changed, roomTypeName: "Double Room", change: { previous: { guest: sampleBookingView().guest }, previousRoomTypeName: null } });
    expect(email.text).toContain("Hello Bo,");
    expect(email.text).toMatch(/^Guest: Bo Sousa, bo@example\.com \(updated\)$/m);
    expect(email.text).not.toContain("ana.silva@example.com");
    expect(email.text).not.toContain("Ana");
  });

  it("escapes a hostile guest name and old room type name in the HTML and keeps single-line values on one line", () => {
    const hostile = '<img src=x onerror=alert(1)>\r\nBcc: x@example.com';
    const email = render({
      booking: { ...booking, guest: { firstName: hostile, lastName: "<b>Silva</b>", email: "ana@example.com" } },
      change: { previous: { ...previous, guest: booking.guest }, previousRoomTypeName: "<script>alert(1)</script>\nRoom" },
      hotelName: "Evil Inn\r\nBcc: everyone@example.com",
    });
    expect(email.subject).toBe("Your booking at Evil Inn Bcc: everyone@example.com has changed – HVH-4K7Q2M");
    expect(email.text).toContain("Hello <img src=x onerror=alert(1)> Bcc: x@example.com,");
    expect(email.text).toMatch(/^Room: Suite \(was <script>alert\(1\)<\/script> Room\)$/m);
    expect(email.text).toMatch(/^Guest: <img src=x onerror=alert\(1\)> Bcc: x@example\.com <b>Silva<\/b>, ana@example\.com \(updated\)$/m);
    expect(email.html).toContain("(was &lt;script&gt;alert(1)&lt;/script&gt; Room)");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt; Bcc: x@example.com &lt;b&gt;Silva&lt;/b&gt;, ana@example.com");
    expect(email.html).not.toMatch(/<img|<script|<b>|onerror=alert\(1\)>/);
  });

  it("names no room type it could not find", () => {
    expect(render({ change: { previous, previousRoomTypeName: null } }).text).toMatch(/^Room: Suite \(was another room type\)$/m);
  });

  it("keeps the font sizes phone-friendly", () => {
    for (const size of render().html.matchAll(/font-size:(\d+)px/g)) expect(Number(size[1])).toBeGreaterThanOrEqual(16);
  });
});

describe("guestSeesChange", () => {
  it.each([
    [{ externalReference: "OLD-1" }, false],
    [{ externalReference: null }, false],
    [{}, false],
    [{ externalReference: "OLD-1", adults: 2 }, true],
    [{ childrenAges: [4] }, true],
    [{ guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" } }, true],
    [{ checkin: "2026-12-14", checkout: "2026-12-17", nights: 3, nightly: [], price: { amount: 1, currency: "EUR" } }, true],
  ] as [BookingChangePrevious, boolean][])("%j: %s", (change, sees) => {
    expect(guestSeesChange(change)).toBe(sees);
  });
});

describe("guestEmailLabel (the panel's booking page)", () => {
  it("names each kind of e-mail, a change's too", () => {
    expect(["booking.created", "booking.changed", "booking.cancelled", "booking.unknown"].map(guestEmailLabel)).toEqual([
      "Confirmation e-mail",
      "Change e-mail",
      "Cancellation e-mail",
      "E-mail",
    ]);
  });
});
