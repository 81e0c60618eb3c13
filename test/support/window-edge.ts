/**
 * Waits, if needed, until the current `windowSeconds` window has at least `marginMs` left, so a
 * burst stays in one window. Rate-limit windows are aligned to the epoch (@upstash/ratelimit's
 * slidingWindow): a burst that crosses an edge is counted partly against a decaying previous
 * window and lets a few more requests through. Free of vitest, so Playwright specs use it too.
 */
export async function awayFromWindowEdge(windowSeconds: number, marginMs = 5_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resume) => setTimeout(resume, left + 50));
}
