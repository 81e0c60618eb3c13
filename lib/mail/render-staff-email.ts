import { formatInstant } from "@/lib/dates/format-instant";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { emailButton, emailDocument, emailParagraph } from "./email-document";
import { escapeHtml, oneLine } from "./render-guest-email";

/**
 * The e-mails staff receive with a link: an invitation to join a property's staff. A subject, a
 * plain text part and an HTML part saying the same; every value is escaped in the HTML and
 * kept to one line where a line break could start a header.
 */
export type StaffEmailInput = {
  kind: "invitation";
  /** Where the link leads (an absolute http(s) URL). */
  url: string;
  hotelName: string;
  /** The hotel's time zone, in which the link's end is told. */
  timeZone: string;
  /** Who invited them, in words (a name or an e-mail). */
  invitedBy: string;
  /** The name they were invited by ("" when none). */
  inviteeName: string;
  role: StaffRole;
  expiresAt: Date;
};

export type StaffEmail = { subject: string; text: string; html: string };

const ROLE_SENTENCES: Record<StaffRole, string> = {
  admin: "as an admin: you will manage its rooms, rates, bookings, keys, webhooks and team",
  viewer: "as a viewer: you will see its rooms, rates and bookings; only its admins change them",
};

function checkedUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : "";
  if (protocol !== "https:" && protocol !== "http:") throw new RangeError("a staff e-mail's link must be an http(s) URL");
  return oneLine(url);
}

export function renderStaffEmail(input: StaffEmailInput): StaffEmail {
  const url = checkedUrl(input.url);
  const hotel = oneLine(input.hotelName);
  const inviter = oneLine(input.invitedBy);
  const name = oneLine(input.inviteeName);
  const until = `${formatInstant(input.expiresAt, input.timeZone)} (${input.timeZone} time)`;
  const subject = `${inviter} invited you to join ${hotel}`;
  const greeting = name ? `Hello ${name},` : "Hello,";
  const intro = `${inviter} has invited you to join the staff of ${hotel} in its control panel, ${ROLE_SENTENCES[input.role]}.`;
  const action = "Accept the invitation";
  const validity = `The link works once, until ${until}. If you did not expect this invitation, ignore this e-mail: nothing happens without the link.`;
  const text = [greeting, "", intro, "", `${action}: ${url}`, "", validity, ""].join("\n");
  const body = [
    emailParagraph(escapeHtml(greeting)),
    emailParagraph(escapeHtml(intro)),
    emailButton(url, action),
    emailParagraph(`<span style="color:#57534e">${escapeHtml(validity)}</span>`),
  ].join("\n");
  return { subject, text, html: emailDocument({ title: subject, eyebrow: hotel, heading: `Join ${hotel}`, body }) };
}
