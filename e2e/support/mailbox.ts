import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";

/** The e-mails the e2e run's SMTP server received (scripts/e2e/serve.ts), parsed, oldest first. */
export async function receivedMail(to: string): Promise<ParsedMail[]> {
  const dir = join(process.cwd(), ".data", "e2e", "mail");
  const parsed = await Promise.all(readdirSync(dir).sort().map((name) => simpleParser(readFileSync(join(dir, name)))));
  return parsed.filter((mail) => JSON.stringify(mail.to ?? "").toLowerCase().includes(to.toLowerCase()));
}

/**
 * The one e-mail `to` received (waiting up to 30 s for the worker to send it) and the link in it
 * to `path` followed by a token (the invitation's /join, the password reset's /reset-password).
 */
export async function mailWithLink(to: string, path: "/join" | "/reset-password"): Promise<{ mail: ParsedMail; link: string }> {
  await expect.poll(async () => (await receivedMail(to)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await receivedMail(to);
  const link = new RegExp(`(http://\\S+${path}/[A-Za-z0-9_-]{43})`).exec(mail!.text ?? "")?.[1];
  expect(link, `a ${path} link in the e-mail to ${to}`).toBeTruthy();
  return { mail: mail!, link: link! };
}
