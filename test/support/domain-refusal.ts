import { isDomainError } from "@/lib/errors";

/** The code and message a domain function refused with (fails the test when it did not refuse). */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => null, (failure: unknown) => failure);
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}
