import { formatInstant } from "@/lib/dates/format-instant";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { emailButton, emailDocument, emailParagraph } from "./email-document";
import { escapeHtml, oneLine } from "./render-guest-email";

/**
 * The e-mails staff receive with a link: an invitation to join a property's staff, a password
 * reset. A subject, a plain text part and an HTML part saying the same; every value is escaped
 * in the HTML and kept to one line where a line break could start a header.
 */
export type StaffEmailInput = InvitationEmailInput | PasswordResetEmailInput | SecondFactorResetEmailInput;

/** A notice: an admin reset the member's second factor (their passkeys, codes and recovery codes are gone). */
export type SecondFactorResetEmailInput = {
  kind: "second_factor_reset";
  /** The sign-in page. */
  url: string;
  email: string;
  /** The property whose admin reset it, and who (a name or an e-mail); null when no longer known. */
  hotelName: string | null;
  resetBy: string | null;
};

export type PasswordResetEmailInput = {
  kind: "password_reset";
  url: string;
  /** The account's e-mail address. */
  email: string;
  /** How long the link works, in words ("one hour"). */
  validFor: string;
};

export type InvitationEmailInput = {
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

/** The parts of an e-mail whose one action is its link. */
function linkEmail(input: { subject: string; eyebrow: string; heading: string; paragraphs: string[]; url: string; action: string; after: string }): StaffEmail {
  const url = checkedUrl(input.url);
  const text = [...input.paragraphs.flatMap((paragraph) => [paragraph, ""]), `${input.action}: ${url}`, "", input.after, ""].join("\n");
  const body = [
    ...input.paragraphs.map((paragraph) => emailParagraph(escapeHtml(paragraph))),
    emailButton(url, input.action),
    emailParagraph(`<span style="color:#57534e">${escapeHtml(input.after)}</span>`),
  ].join("\n");
  return { subject: input.subject, text, html: emailDocument({ title: input.subject, eyebrow: input.eyebrow, heading: input.heading, body }) };
}

export function renderStaffEmail(input: StaffEmailInput): StaffEmail {
  if (input.kind === "invitation") return renderInvitation(input);
  if (input.kind === "second_factor_reset") return renderSecondFactorReset(input);
  return renderPasswordReset(input);
}

function renderSecondFactorReset(input: SecondFactorResetEmailInput): StaffEmail {
  const by = input.resetBy && input.hotelName ? `${oneLine(input.resetBy)}, an admin of ${oneLine(input.hotelName)},` : "An admin of your hotel";
  return linkEmail({
    subject: "Your two-step sign-in was reset",
    eyebrow: "Control panel",
    heading: "Your two-step sign-in was reset",
    paragraphs: [
      "Hello,",
      `${by} reset the two-step sign-in of the control panel account ${oneLine(input.email)}: its passkeys, two-step codes and recovery codes no longer work, and every session of it was signed out.`,
      "Sign in with your password, then set up a passkey or two-step codes again under Account › Sign-in security.",
    ],
    url: input.url,
    action: "Sign in",
    after: "If you did not ask for this, tell your hotel's admins at once and change your password.",
  });
}

function renderPasswordReset(input: PasswordResetEmailInput): StaffEmail {
  const email = oneLine(input.email);
  return linkEmail({
    subject: "Reset your control panel password",
    eyebrow: "Control panel",
    heading: "Reset your password",
    paragraphs: ["Hello,", `Someone (we hope you) asked to reset the password of the control panel account ${email}.`],
    url: input.url,
    action: "Choose a new password",
    after: `The link works once, for ${input.validFor}, and signs out every session of the account. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  });
}

function renderInvitation(input: InvitationEmailInput): StaffEmail {
  const hotel = oneLine(input.hotelName);
  const inviter = oneLine(input.invitedBy);
  const name = oneLine(input.inviteeName);
  const until = `${formatInstant(input.expiresAt, input.timeZone)} (${input.timeZone} time)`;
  return linkEmail({
    subject: `${inviter} invited you to join ${hotel}`,
    eyebrow: hotel,
    heading: `Join ${hotel}`,
    paragraphs: [name ? `Hello ${name},` : "Hello,", `${inviter} has invited you to join the staff of ${hotel} in its control panel, ${ROLE_SENTENCES[input.role]}.`],
    url: input.url,
    action: "Accept the invitation",
    after: `The link works once, until ${until}. If you did not expect this invitation, ignore this e-mail: nothing happens without the link.`,
  });
}
