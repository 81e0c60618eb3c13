import { guestWords, primaryLanguage } from "@/lib/i18n/guest-words";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import type { BookingView } from "@/lib/schemas/bookings";
import { changeNotes, priceDifference, type BookingChange, type ChangeableFact } from "./booking-change-facts";
import { contactSentence, type HotelDetails } from "./hotel-contact";

/**
 * The e-mail a hotel sends its guest when a booking is made, changed or cancelled: a subject, a
 * plain text part and a simple single-column HTML part carrying the same facts; a change's
 * e-mail also says what each changed fact was, and the difference in price. Each names who stays
 * (the children with their ages) and what the party adds to the price. Each states the
 * rate and its cancellation terms; a cancellation's, the fee when there was one. With the hotel's
 * details, a stay to come shows its check-in and check-out times, and every e-mail says how to
 * reach the hotel. It is written in the guest's language (guest.language, as the booking
 * remembers it; English when not given or not one we write in). Every value put into the HTML is escaped (names are text, never markup);
 * single-line values lose any line break, so nothing can add a header through the subject. No
 * external images or fonts.
 */
export type GuestEmailKind = "booking.created" | "booking.changed" | "booking.cancelled";

export type GuestEmailInput = {
  kind: GuestEmailKind;
  booking: BookingView;
  hotelName: string;
  /** The hotel's contact and check-in/out times (Settings › Property); absent: the e-mail names the hotel only. */
  hotelDetails?: HotelDetails;
  roomTypeName: string;
  /** The guest's "view, change or cancel" link, or null when there is none to give. */
  manageUrl: string | null;
  /** booking.changed: what changed (the event's `previous`, and the old room type's name). */
  change?: BookingChange;
  /**
   * A booking group told together (its booking, or its cancel: lib/mail/group-email.ts): the
   * e-mail is the booker's (to `booking.guest`, the booker) and tells each of the rooms, each
   * with its party, price and terms.
   */
  group?: GuestEmailGroup;
};

/** A booking group as its e-mail tells it: its reference, total and each room with its room type's name. */
export type GuestEmailGroup = { reference: string; total: BookingView["price"]; rooms: { booking: BookingView; roomTypeName: string }[] };

export type GuestEmail = { subject: string; text: string; html: string };

/** One line of the e-mail's table of facts; `note` says what it was before a change. */
type Fact = { id: ChangeableFact | "reference" | "priceDifference" | "includes" | "cancellationFee"; value: string; note?: string };

/** Control characters (CR and LF among them) and Unicode line separators become one space. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim();
}

function oneLineDetails(details: HotelDetails): HotelDetails {
  const contact = (value: string | null) => (value === null ? null : oneLine(value));
  return { contactEmail: contact(details.contactEmail), contactPhone: contact(details.contactPhone), checkInFrom: oneLine(details.checkInFrom), checkOutUntil: oneLine(details.checkOutUntil) };
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function checkedManageUrl(url: string | null): string | null {
  if (url === null) return null;
  const protocol = URL.canParse(url) ? new URL(url).protocol : "";
  if (protocol !== "https:" && protocol !== "http:") throw new RangeError("manageUrl must be an http(s) URL");
  return oneLine(url);
}

export function renderGuestEmail(input: GuestEmailInput): GuestEmail {
  const { booking, kind } = input;
  const words = guestWords(primaryLanguage(booking.guest.language));
  const { t } = words;
  const cancelled = kind === "booking.cancelled";
  const hotel = oneLine(input.hotelName);
  const reference = oneLine(input.group?.reference ?? booking.reference);
  const firstName = oneLine(booking.guest.firstName);
  const manageUrl = checkedManageUrl(input.manageUrl);
  const reason = cancelled && booking.cancellationReason?.trim() ? booking.cancellationReason.trim().replace(/\r\n?/g, "\n") : null;

  const changed = kind === "booking.changed";
  const which = cancelled ? "cancelled" : changed ? "changed" : "created";
  const subject = t("email.subject", { hotel, kind: which, reference });
  const heading = t("email.heading", { kind: which });
  const intro = input.group ? t("email.groupIntro", { hotel, rooms: input.group.rooms.length, kind: which }) : t("email.intro", { hotel, kind: which });
  const change = changed ? input.change : undefined;
  const notes = change ? changeNotes(change, words, booking) : new Map<ChangeableFact, string>();
  const details = input.hotelDetails && oneLineDetails(input.hotelDetails);
  // A stay to come says from when and until when; a cancelled one does not.
  const times = cancelled ? undefined : details;
  const checkin = words.stayDate(booking.checkin);
  const checkout = words.stayDate(booking.checkout);
  const fact = (id: Fact["id"], value: string): Fact => ({ id, value });
  const labelled = (rows: Fact[]) =>
    rows.map((row) => {
      const note = notes.get(row.id as ChangeableFact);
      return { ...row, label: t(`email.${row.id}`), ...(note ? { note: oneLine(note) } : {}) };
    });
  const stayFacts = [
    fact("checkIn", times ? t("email.checkInFrom", { date: checkin, time: times.checkInFrom }) : checkin),
    fact("checkOut", times ? t("email.checkOutUntil", { date: checkout, time: times.checkOutUntil }) : checkout),
    fact("nights", words.nights(booking.nights)),
  ];
  // A room's own facts: who stays, what it costs and on which terms.
  const roomFacts = (room: BookingView, roomTypeName: string, showGuest: boolean) => [
    fact("room", oneLine(roomTypeName)),
    fact("guests", words.party(room)),
    ...(showGuest ? [fact("guest", oneLine(`${room.guest.firstName} ${room.guest.lastName}, ${room.guest.email}`))] : []),
    fact("totalPrice", words.money(room.price)),
    ...(room.extras.length ? [fact("includes", oneLine(words.extras(room.extras)))] : []),
    ...(change ? [fact("priceDifference", priceDifference(room.price, change.previous.price, words))] : []),
    fact("rate", oneLine(room.ratePlan.name)),
    fact("cancellation", cancellationSentence(room.cancellation, words)),
    ...(cancelled && room.cancellationFee && room.cancellationFee.amount > 0 ? [fact("cancellationFee", words.money(room.cancellationFee))] : []),
  ];
  const { group } = input;
  const sections: { title?: string; facts: (Fact & { label: string })[] }[] = group
    ? [
        { facts: labelled([fact("reference", reference), ...stayFacts, fact("totalPrice", words.money(group.total))]) },
        ...group.rooms.map(({ booking: room, roomTypeName }, index) => ({
          title: t("email.roomOf", { number: index + 1, count: group.rooms.length }),
          facts: labelled([fact("reference", oneLine(room.reference)), ...roomFacts(room, roomTypeName, room.guest.email.toLowerCase() !== booking.guest.email.toLowerCase() || room.guest.lastName !== booking.guest.lastName)]),
        })),
      ]
    : [{ facts: labelled([fact("reference", reference), ...stayFacts, ...roomFacts(booking, input.roomTypeName, notes.has("guest"))]) }];
  const linkLabel = t(cancelled ? "email.viewLink" : "email.manageLink");
  const noLink = t("email.noLink", { reference, hotel });
  const closing = t("email.closing", { kind: which });
  const contact = contactSentence(details, words);

  const text = [
    t("email.hello", { name: firstName }),
    "",
    intro,
    "",
    ...sections.flatMap(({ title, facts }) => [...(title ? ["", title] : []), ...facts.map(({ label, value, note }) => `${label}: ${value}${note ? ` (${note})` : ""}`)]),
    ...(reason ? ["", t("email.reason"), reason] : []),
    "",
    manageUrl ? `${linkLabel}: ${manageUrl}` : noLink,
    "",
    ...(contact ? [contact, ""] : []),
    closing,
    hotel,
    "",
  ].join("\n");

  const p = (content: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content}</p>`;
  const table = (facts: (typeof sections)[number]["facts"]) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">\n` +
    facts
      .map(
        ({ label, value, note }) =>
          `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e7e5e4;color:#57534e;font-size:16px;vertical-align:top">${escapeHtml(label)}</td>` +
          `<td style="padding:8px 0;border-bottom:1px solid #e7e5e4;font-size:16px;font-weight:600;vertical-align:top">${escapeHtml(value)}` +
          `${note ? `<br><span style="font-weight:400;color:#57534e">(${escapeHtml(note)})</span>` : ""}</td></tr>`,
      )
      .join("\n") +
    "\n</table>";
  const tables = sections.map(({ title, facts }) => `${title ? `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3">${escapeHtml(title)}</h2>\n` : ""}${table(facts)}`).join("\n");
  const reasonHtml = reason ? p(`<strong>${escapeHtml(t("email.reason"))}</strong><br>${escapeHtml(reason).replace(/\n/g, "<br>")}`) : "";
  const linkHtml = manageUrl
    ? `<p style="margin:24px 0"><a href="${escapeHtml(manageUrl)}" style="display:inline-block;padding:14px 24px;background:#1c1917;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(linkLabel)}</a></p>\n` +
      p(`<span style="color:#57534e">${escapeHtml(t("email.buttonFallback"))} <a href="${escapeHtml(manageUrl)}" style="color:#1c1917;word-break:break-all">${escapeHtml(manageUrl)}</a></span>`)
    : p(escapeHtml(noLink));

  const contactLink = (value: string, href: string) => `<a href="${escapeHtml(href)}" style="color:#1c1917">${escapeHtml(value)}</a>`;
  const contactHtml = contact ? `${p(contactSentence(details, words, contactLink)!)}\n` : "";

  const html = `<!DOCTYPE html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1c1917">
<p style="margin:0 0 8px;font-size:16px;color:#57534e">${escapeHtml(hotel)}</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(heading)}</h1>
${p(escapeHtml(t("email.hello", { name: firstName })))}
${p(escapeHtml(intro))}
${tables}
${reasonHtml}${linkHtml}
${contactHtml}${p(`${escapeHtml(closing)}<br>${escapeHtml(hotel)}`)}
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}
