import { createTransport } from "nodemailer";

/**
 * How e-mail leaves the application: one `send` that resolves once the server accepted the
 * message and rejects otherwise. Production speaks SMTP through nodemailer (below); development
 * without SMTP_URL writes to the dev mailbox (dev-mailbox.ts); tests may pass their own.
 */
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** "<unique@domain>": a stable id lets a retried send be recognised as the same message. */
  messageId?: string;
  headers?: Record<string, string>;
};

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** SMTP over nodemailer: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Messages are strings we render; never let a field be read as a file path or fetched URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
  };
}

/**
 * True when the SMTP server refused the message for good (a 5xx reply, which nodemailer puts on
 * the error as `responseCode`): sending it again would get the same answer. False for 4xx
 * (try later), for 503 "bad sequence of commands" (a session fault, not a verdict on the
 * message; nodemailer's own `permanent` flag reads it the same way) and for errors without a
 * reply: refused connections, timeouts, DNS, TLS.
 */
export function isPermanentMailError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code <= 599 && code !== 503;
}
