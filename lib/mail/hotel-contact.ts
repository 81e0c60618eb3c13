import type { GuestWords } from "@/lib/i18n/guest-words";
import { telHref } from "@/lib/text/phone-link";

/** What a guest e-mail tells of the hotel beyond its name (Settings › Property), read when the e-mail is sent. */
export type HotelDetails = {
  contactEmail: string | null;
  contactPhone: string | null;
  /** HH:MM on the hotel's clock. */
  checkInFrom: string;
  checkOutUntil: string;
};

/**
 * How to reach the hotel, in the e-mail's words: "Questions about your stay? Write to
 * frontdesk@… or call +351 …". Null when the hotel gives neither. `link` wraps each value for the
 * HTML part (the caller escapes); the text part takes them as they are.
 */
export function contactSentence(details: HotelDetails | undefined, words: GuestWords, link?: (value: string, href: string) => string): string | null {
  if (!details || (!details.contactEmail && !details.contactPhone)) return null;
  const show = (value: string, href: string) => (link ? link(value, href) : value);
  const email = details.contactEmail ? show(details.contactEmail, `mailto:${details.contactEmail}`) : "";
  const phone = details.contactPhone ? show(details.contactPhone, telHref(details.contactPhone)) : "";
  return words.t("email.contact", { ways: email && phone ? "both" : email ? "email" : "phone", email, phone });
}
