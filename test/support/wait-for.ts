/** Polls `check` until it returns something truthy (or throws its last error after `timeoutMs`). */
type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

export async function waitFor<T>(check: () => Promise<T> | T, options: { timeoutMs?: number; what?: string } = {}): Promise<Truthy<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? "a condition"}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
