import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

/** The e-mails the e2e run's SMTP server received (scripts/e2e/serve.ts), parsed, oldest first. */
export async function receivedMail(to: string): Promise<ParsedMail[]> {
  const dir = join(process.cwd(), ".data", "e2e", "mail");
  const parsed = await Promise.all(readdirSync(dir).sort().map((name) => simpleParser(readFileSync(join(dir, name)))));
  return parsed.filter((mail) => JSON.stringify(mail.to ?? "").toLowerCase().includes(to.toLowerCase()));
}
