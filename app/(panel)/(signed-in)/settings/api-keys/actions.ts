"use server";

import { z } from "zod";
import { runPanelAction } from "../../../_lib/run-panel-action";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { getDb } from "@/lib/db";
import { ApiKeyIdSchema, freeText, PropertyIdSchema } from "@/lib/schemas/common";
import { authorizeAction } from "../../../_lib/panel-session";
import { staffActor } from "@/lib/staff/staff-actor";

/** What a key action tells the page: an error, or a key value to show once. */
export type KeyActionState = { error?: string; shown?: { key: string; hint: string; label: string; verb: "Created" | "Rotated" }; done?: string };

const CreateKeyForm = z.object({
  propertyId: PropertyIdSchema,
  label: z.string().trim().min(1, "Give the key a label (1 to 100 characters).").pipe(freeText({ max: 100 })),
  scope: z.enum(["read", "write"], "Choose read or write."),
});
const KeyForm = z.object({ propertyId: PropertyIdSchema, keyId: ApiKeyIdSchema });

export async function createKeyAction(_previous: KeyActionState, form: FormData): Promise<KeyActionState> {
  const parsed = CreateKeyForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return { error: issue?.path[0] === "label" ? `Label: ${issue.message}` : (issue?.message ?? "Check the form.") };
  }
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  return runPanelAction<KeyActionState>("/settings/api-keys", async () => {
    const key = await createApiKey(getDb(), { ...parsed.data, actor: staffActor(staff) });
    return { shown: { key: key.key, hint: key.hint, label: key.label, verb: "Created" } };
  });
}

export async function rotateKeyAction(_previous: KeyActionState, form: FormData): Promise<KeyActionState> {
  const parsed = KeyForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { error: "Choose a key." };
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  return runPanelAction<KeyActionState>("/settings/api-keys", async () => {
    const key = await rotateApiKey(getDb(), { ...parsed.data, actor: staffActor(staff) });
    return { shown: { key: key.key, hint: key.hint, label: key.label, verb: "Rotated" } };
  });
}

export async function revokeKeyAction(_previous: KeyActionState, form: FormData): Promise<KeyActionState> {
  const parsed = KeyForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { error: "Choose a key." };
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  return runPanelAction<KeyActionState>("/settings/api-keys", async () => {
    await revokeApiKey(getDb(), { ...parsed.data, actor: staffActor(staff) });
    return { done: "The key is revoked: it fails from the very next request." };
  });
}
