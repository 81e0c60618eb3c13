import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/lib/db";
import { scrapeMetrics } from "./metrics-endpoint";

/**
 * The worker's own metrics (npm run worker, WORKER_METRICS_PORT): GET /metrics on that port,
 * with the same bearer token as the app's /api/metrics; anything else is 404.
 */
export async function serveMetrics(options: { port: number; host?: string; token: string | undefined; db: () => Db }): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || new URL(request.url ?? "/", "http://localhost").pathname !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    scrapeMetrics({ authorization: request.headers.authorization ?? null, token: options.token, db: options.db })
      .then(({ status, body, headers }) => response.writeHead(status, headers).end(body))
      .catch(() => response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics failed\n"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/metrics`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
