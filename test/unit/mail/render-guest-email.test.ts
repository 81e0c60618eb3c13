import { describe, expect, it } from "vitest";
import { renderGuestEmail, type GuestEmailInput } from "@/lib/mail/render-guest-email";
import { storedBooking } from "@/lib/mail/stored-booking";
import type { BookingView } from "@/lib/schemas/bookings";
import { sampleBookingView } from "../../support/booking-view-fixture";

/** What the guest e-mails say, and that nothing inserted into them can become markup or a header. */
const booking = sampleBookingView();

const cancelledBooking: BookingView = {
  ...booking,
  status: "cancelled",
  cancelledAt: "2026-11-02T10:00:00.000Z",
  cancellationReason: "Plans changed.\nSorry!",
};

function render(overrides: Partial<GuestEmailInput> = {}) {
  return renderGuestEmail({
    kind: "booking.created",
    booking,
    hotelName: "Hotel Vista Hermosa",
    roomTypeName: "Double Room",
    manageUrl: "https://book.example.com/manage/bk_2b6n0t5f3k9q2m8x1c7v.sig?x=1&y=2",
    ...overrides,
  });
}

describe("renderGuestEmail", () => {
  it("renders an event stored before families (no childrenAges, no extras) as a party of adults", () => {
    const before: Parameters<typeof storedBooking>[0] = { ...booking };
    delete before.childrenAges;
    delete before.extras;
    const email = render({ booking: storedBooking(before) });
    expect(email.text).toContain("2 adults");
    expect(email.text).not.toContain("child");
  });

  it.each([
    ["booking.created", booking, "confirmed"],
    ["booking.cancelled", cancelledBooking, "cancelled"],
  ] as const)("%s carries every fact of the stay in both parts", (kind, view, word) => {
    const email = render({ kind, booking: view });
    expect(email.subject).toBe(`Your booking at Hotel Vista Hermosa is ${word} – HVH-4K7Q2M`);
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Hello Ana,");
      expect(part).toContain("HVH-4K7Q2M");
      expect(part).toContain("Mon, 14 Dec 2026");
      expect(part).toContain("Thu, 17 Dec 2026");
      expect(part).toContain("3 nights");
      expect(part).toContain("Double Room");
      expect(part).toContain("€450.00");
      expect(part).toContain("Hotel Vista Hermosa");
    }
    expect(email.text).toMatch(/^Guests: 2 adults$/m);
    expect(email.text).not.toContain("Price includes");
  });

  it.each(["booking.created", "booking.cancelled"] as const)("%s names the children with their ages and what they add to the price, in the guest's language", (kind) => {
    const family: BookingView = {
      ...(kind === "booking.cancelled" ? cancelledBooking : booking),
      childrenAges: [4, 9],
      extras: [
        { kind: "adult", count: 1, amount: { amount: 2_000, currency: "EUR" } },
        { kind: "child", band: "Baby", count: 1, amount: { amount: 0, currency: "EUR" } },
        { kind: "child", band: "Child", count: 2, amount: { amount: 1_500, currency: "EUR" } },
      ],
    };
    const english = render({ kind, booking: family });
    expect(english.text).toMatch(/^Guests: 2 adults, 2 children \(4, 9\)$/m);
    expect(english.text).toMatch(/^Price includes: Extra adult ×1, €20\.00 a night each; Baby ×1, free; Child ×2, €15\.00 a night each$/m);
    expect(english.html).toContain("2 adults, 2 children (4, 9)");
    const german = render({ kind, booking: { ...family, guest: { ...family.guest, language: "de" } } });
    expect(german.text).toMatch(/^Gäste: 2 Erwachsene, 2 Kinder \(4, 9\)$/m);
    expect(german.text).toMatch(/^Im Preis enthalten: Weitere Erwachsene ×1, je 20,00\u00a0€ pro Nacht; Baby ×1, kostenlos; Child ×2, je 15,00\u00a0€ pro Nacht$/m);
    const oneChild = render({ kind, booking: { ...family, adults: 1, childrenAges: [4], guest: { ...family.guest, language: "de" } } });
    expect(oneChild.text).toMatch(/^Gäste: 1 Erwachsener, 1 Kind \(4\)$/m);
    expect(render({ kind, booking: { ...family, adults: 1, childrenAges: [4] } }).text).toMatch(/^Guests: 1 adult, 1 child \(4\)$/m);
  });

  it("states the rate and its cancellation terms, and a cancellation's fee when there was one", () => {
    const saver = { ...booking, ratePlan: { id: booking.ratePlan.id, name: "Non-refundable saver" }, cancellation: { refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 45_000, currency: "EUR" } } };
    const created = render({ booking: saver });
    expect(created.text).toMatch(/^Rate: Non-refundable saver$/m);
    expect(created.text).toMatch(/^Cancellation: Non-refundable, cancelling costs €450.00$/m);
    expect(created.html).toContain("Non-refundable, cancelling costs €450.00");
    expect(created.text).not.toContain("Cancellation fee");
    expect(render({ booking }).text).toMatch(/^Cancellation: Free cancellation until Mon 14 December, then €150.00$/m);

    const charged = render({ kind: "booking.cancelled", booking: { ...cancelledBooking, ...saver, status: "cancelled", cancellationFee: { amount: 45_000, currency: "EUR" } } });
    expect(charged.text).toMatch(/^Cancellation fee: €450.00$/m);
    expect(charged.html).toContain("Cancellation fee");
    const free = render({ kind: "booking.cancelled", booking: { ...cancelledBooking, cancellationFee: { amount: 0, currency: "EUR" } } });
    expect(free.text).not.toContain("Cancellation fee");
  });

  it("gives the cancellation reason, line breaks kept, only for a cancellation", () => {
    const cancelled = render({ kind: "booking.cancelled", booking: cancelledBooking });
    expect(cancelled.text).toContain("Reason for the cancellation:\nPlans changed.\nSorry!");
    expect(cancelled.html).toContain("Plans changed.<br>Sorry!");
    const created = render({ booking: { ...booking, cancellationReason: "Plans changed." } });
    expect(created.text).not.toContain("Plans changed.");
    expect(render({ kind: "booking.cancelled", booking: { ...cancelledBooking, cancellationReason: null } }).text).not.toContain("Reason");
  });

  it("links to the booking only when a manage link is given", () => {
    const withLink = render();
    expect(withLink.text).toContain("View, change or cancel your booking: https://book.example.com/manage/bk_2b6n0t5f3k9q2m8x1c7v.sig?x=1&y=2");
    expect(withLink.html).toContain('href="https://book.example.com/manage/bk_2b6n0t5f3k9q2m8x1c7v.sig?x=1&amp;y=2"');
    expect(render({ kind: "booking.cancelled", booking: cancelledBooking }).text).toContain("View your booking: https://");

    const withoutLink = render({ manageUrl: null });
    for (const part of [withoutLink.text, withoutLink.html]) {
      expect(part).not.toContain("View, change or cancel");
      expect(part).not.toContain("https://");
      expect(part).toContain("Please quote your booking reference HVH-4K7Q2M");
    }
    expect(withoutLink.html).not.toContain("<a ");
  });

  it("refuses a manage link that is not http(s)", () => {
    expect(() => render({ manageUrl: "javascript:alert(1)" })).toThrow(RangeError);
  });

  it("escapes hostile names in the HTML and keeps them literal in the text", () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const email = render({
      booking: { ...booking, guest: { ...booking.guest, firstName: hostile } },
      hotelName: `Ana & "Bo" 's <b>Inn</b>`,
      roomTypeName: "<script>alert(1)</script>",
    });
    expect(email.text).toContain(`Hello ${hostile},`);
    expect(email.text).toContain(`Ana & "Bo" 's <b>Inn</b>`);
    expect(email.text).toContain("<script>alert(1)</script>");
    expect(email.html).toContain("Hello &lt;img src=x onerror=alert(1)&gt;,");
    expect(email.html).toContain("Ana &amp; &quot;Bo&quot; &#39;s &lt;b&gt;Inn&lt;/b&gt;");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).not.toMatch(/<img|<script|<b>|onerror=alert\(1\)>/);
  });

  it("keeps the subject on one line whatever the hotel is called", () => {
    const email = render({ hotelName: "Evil Inn\r\nBcc: everyone@example.com\n" });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe("Your booking at Evil Inn Bcc: everyone@example.com is confirmed – HVH-4K7Q2M");
  });

  it("is a phone-friendly page with no outside resources", () => {
    const { html } = render();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("max-width:560px");
    for (const size of html.matchAll(/font-size:(\d+)px/g)) expect(Number(size[1])).toBeGreaterThanOrEqual(16);
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);
  });

  const details = { contactEmail: "desk@vista-hermosa.example", contactPhone: "+34 (91) 123-4567", checkInFrom: "14:00", checkOutUntil: "10:30" };

  it("tells a stay to come its check-in and check-out times, and every e-mail how to reach the hotel", () => {
    const email = render({ hotelDetails: details });
    expect(email.text).toContain("Check-in: Mon, 14 Dec 2026, from 14:00\n");
    expect(email.text).toContain("Check-out: Thu, 17 Dec 2026, until 10:30\n");
    expect(email.text).toContain("Questions about your stay? Write to desk@vista-hermosa.example or call +34 (91) 123-4567.\n");
    expect(email.html).toContain("Mon, 14 Dec 2026, from 14:00");
    expect(email.html).toContain('<a href="mailto:desk@vista-hermosa.example" style="color:#1c1917">desk@vista-hermosa.example</a>');
    expect(email.html).toContain('<a href="tel:+34911234567" style="color:#1c1917">+34 (91) 123-4567</a>');

    const cancelled = render({ kind: "booking.cancelled", booking: cancelledBooking, hotelDetails: details });
    expect(cancelled.text).toMatch(/^Check-in: Mon, 14 Dec 2026$/m);
    expect(cancelled.text).toContain("Questions about your stay? Write to desk@vista-hermosa.example or call");

    expect(render({ hotelDetails: { ...details, contactEmail: null } }).text).toContain("Questions about your stay? Call +34 (91) 123-4567.");
    expect(render({ hotelDetails: { ...details, contactPhone: null } }).text).toContain("Questions about your stay? Write to desk@vista-hermosa.example.");
    const noContact = render({ hotelDetails: { ...details, contactEmail: null, contactPhone: null } });
    expect(noContact.text).not.toContain("Questions");
    expect(noContact.html).not.toContain("mailto:");
    expect(render().text).not.toContain("Questions");
  });

  it("escapes the hotel's contact in the HTML and keeps it on one line", () => {
    const email = render({ hotelDetails: { ...details, contactEmail: 'a"<b>@x.example', contactPhone: "+1 555\r\n0100" } });
    expect(email.html).toContain('href="mailto:a&quot;&lt;b&gt;@x.example"');
    expect(email.html).not.toContain("<b>");
    expect(email.text).toContain("call +1 555 0100.");
  });

  it("writes singular nights and other currencies right", () => {
    const email = render({ booking: { ...booking, checkout: "2026-12-15", nights: 1, price: { amount: 12000, currency: "JPY" } } });
    expect(email.text).toContain("Nights: 1 night\n");
    expect(email.text).toContain("Total price: JP¥12,000");
  });

  it("is written in the guest's language when the booking remembers one (German), and in English for one we do not write in", () => {
    const details = { contactEmail: "rezeption@vista.example", contactPhone: null, checkInFrom: "14:00", checkOutUntil: "10:30" };
    const german = render({ booking: { ...booking, guest: { ...booking.guest, language: "de-AT" } }, hotelDetails: details });
    expect(german.subject).toBe("Ihre Buchung im Hotel Vista Hermosa ist bestätigt – HVH-4K7Q2M");
    expect(german.html).toContain('<html lang="de">');
    expect(german.text).toContain("Guten Tag Ana,");
    expect(german.text).toContain("Anreise: Mo., 14. Dez. 2026, ab 14:00 Uhr\n");
    expect(german.text).toContain("Nächte: 3 Nächte\n");
    expect(german.text).toMatch(/^Gesamtpreis: 450,00\u00a0€$/m);
    expect(german.text).toContain("Buchung ansehen, ändern oder stornieren: https://book.example.com/");
    expect(german.text).toContain("Fragen zu Ihrem Aufenthalt? Schreiben Sie an rezeption@vista.example.");
    const cancelled = render({ kind: "booking.cancelled", booking: { ...cancelledBooking, guest: { ...booking.guest, language: "de" } } });
    expect(cancelled.subject).toBe("Ihre Buchung im Hotel Vista Hermosa ist storniert – HVH-4K7Q2M");
    expect(cancelled.text).toContain("Grund der Stornierung:\nPlans changed.");
    const french = render({ booking: { ...booking, guest: { ...booking.guest, language: "fr" } } });
    expect(french.subject).toBe("Your booking at Hotel Vista Hermosa is confirmed – HVH-4K7Q2M");
    expect(french.html).toContain('<html lang="en">');
  });
});
