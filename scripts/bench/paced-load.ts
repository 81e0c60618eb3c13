import http from "node:http";
import type { BenchRequest } from "./bench-data";

/**
 * A request of an open-loop run; `onAnswer` gets the body of 2xx answers (to remember what was
 * made); `kind` groups it in the result's per-kind p99.
 */
export type PacedRequest = BenchRequest & { kind: string; onAnswer?: (body: string) => void };

export type PacedResult = { sent: number; ok: number; errors: number; p50: number; p99: number; p99ByKind: Record<string, number>; statuses: Record<string, number> };

const TIMEOUT_MS = 10_000;

/**
 * Open-loop load: request i is due at start + i / rate, and is sent then, whether or not the
 * earlier ones were answered (a slow server gets more connections, not fewer requests).
 * Latency runs from when a request was due, so time spent queued in this process counts too.
 * Errors: any non-2xx answer (429 included), connection errors and timeouts (10 s).
 */
export async function pacedLoad(base: string, options: { ratePerSecond: number; seconds: number; next: (i: number) => PacedRequest }): Promise<PacedResult> {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(options.ratePerSecond * options.seconds);
  const interval = 1000 / options.ratePerSecond;
  const latencies = new Float64Array(total);
  const kinds: string[] = new Array<string>(total);
  const statuses: Record<string, number> = {};
  let ok = 0;
  const answered = (i: number, due: number, status: string) => {
    latencies[i] = performance.now() - due;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status.startsWith("2")) ok++;
  };

  const send = (i: number, due: number) =>
    new Promise<void>((done) => {
      const request = options.next(i);
      kinds[i] = request.kind;
      const req = http.request({ hostname, port, agent, method: request.method, path: request.path, headers: request.headers, timeout: TIMEOUT_MS }, (res) => {
        const status = String(res.statusCode);
        const chunks: Buffer[] = [];
        if (request.onAnswer && status.startsWith("2")) res.on("data", (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        res.on("end", () => {
          answered(i, due, status);
          if (request.onAnswer && status.startsWith("2")) request.onAnswer(Buffer.concat(chunks).toString("utf8"));
          done();
        });
        res.on("error", () => {});
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        if (latencies[i] === 0) answered(i, due, error.message === "timeout" ? "timeout" : "connection error");
        done();
      });
      req.end(request.body);
    });

  const pending: Promise<void>[] = [];
  const start = performance.now() + 5;
  await new Promise<void>((finished) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      for (; i < total && start + i * interval <= now; i++) pending.push(send(i, start + i * interval));
      if (i >= total) return finished();
      setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();

  const quantile = (values: number[], q: number) => {
    const sorted = values.sort((a, b) => a - b);
    return Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10;
  };
  const byKind: Record<string, number[]> = {};
  kinds.forEach((kind, i) => (byKind[kind] ??= []).push(latencies[i]!));
  const p99ByKind = Object.fromEntries(Object.entries(byKind).map(([kind, values]) => [kind, quantile(values, 0.99)]));
  const all = Array.from(latencies);
  return { sent: total, ok, errors: total - ok, p50: quantile(all, 0.5), p99: quantile(all, 0.99), p99ByKind, statuses };
}
