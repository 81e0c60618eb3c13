import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A real HTTP receiver on 127.0.0.1 (port 0) for the webhook tests: it records every
 * connection and every request (headers, body) so a test can prove what reached it, or
 * that nothing did. `handle` answers once the request body has been read.
 */

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type LocalWebhookServer = {
  port: number;
  url: string;
  requests: ReceivedRequest[];
  sockets: Socket[];
  close: () => Promise<void>;
};

export async function startLocalWebhookServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end("ok"),
): Promise<LocalWebhookServer> {
  const requests: ReceivedRequest[] = [];
  const sockets: Socket[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      handle(request, response);
    });
  });
  server.on("connection", (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    sockets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves when the socket has closed (at once if it already has). */
export function socketClosed(socket: Socket): Promise<void> {
  return socket.closed ? Promise.resolve() : new Promise((resolve) => socket.once("close", () => resolve()));
}
