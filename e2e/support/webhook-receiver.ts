import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type ReceivedWebhook = { headers: Record<string, string>; body: string };

/** The answer every request gets: markup on purpose, so the panel must show it as text. */
export const RECEIVER_ANSWER = "<b>received</b> & thanks";

/**
 * A real webhook receiver for one test: node:http on 127.0.0.1, a free port. It keeps every
 * request (headers and raw body) and answers 200. The e2e server may POST to it because it
 * runs with WEBHOOK_ALLOW_PRIVATE_URLS=1 (scripts/e2e/serve.ts).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/html" }).end(RECEIVER_ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/room-booking`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type VerifiedEvent = { webhookId: string; type: string; data: Record<string, any> };

/** The requests whose signature verifies with `secret` (standardwebhooks), as events; throws on one that does not. */
export function verifiedEvents(received: ReceivedWebhook[], secret: string): VerifiedEvent[] {
  const webhook = new Webhook(secret);
  return received.map(({ headers, body }) => {
    const event = webhook.verify(body, headers) as { type: string; data: Record<string, any> };
    return { webhookId: headers["webhook-id"]!, type: event.type, data: event.data };
  });
}
