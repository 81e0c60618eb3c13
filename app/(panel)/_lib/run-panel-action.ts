import "server-only";
import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { isDomainError } from "@/lib/errors";

/**
 * Runs a panel server action's work: a domain refusal becomes a message on the page, a
 * record of another property (or one that is gone) is "not found", and the page is
 * revalidated whatever happened.
 */
export async function runPanelAction<State extends { error?: string }>(revalidate: string, fn: () => Promise<State>): Promise<State> {
  try {
    return await fn();
  } catch (error) {
    if (isDomainError(error, "not_found")) notFound();
    if (isDomainError(error)) return { error: error.message } as State;
    throw error;
  } finally {
    revalidatePath(revalidate, "layout");
  }
}
