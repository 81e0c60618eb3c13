import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps every message it
 * accepts, parsed by mailparser. `onRcptTo` may refuse a recipient (an Error with
 * responseCode 550 is a refusal for good, 451 try later). Used by the mail tests and, through
 * scripts/e2e/serve.ts, by the end-to-end run.
 */
export type SmtpSink = { port: number; url: string; messages: ParsedMail[]; close: () => Promise<void> };

export async function startSmtpSink(
  options: { port?: number; onRcptTo?: SMTPServerOptions["onRcptTo"]; onMessage?: (mail: ParsedMail, raw: Buffer) => void } = {},
): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          messages.push(mail);
          options.onMessage?.(mail, raw);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Refuses for good (550) every recipient whose address starts with "refused", as a mail server refuses an unknown user. */
export const refuseRefusedAddresses: NonNullable<SMTPServerOptions["onRcptTo"]> = (address, _session, callback) => {
  if (address.address.startsWith("refused")) return callback(Object.assign(new Error("550 5.1.1 No such user"), { responseCode: 550 }));
  callback();
};
