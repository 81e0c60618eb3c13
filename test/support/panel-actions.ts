import { vi } from "vitest";
import type { Db } from "@/lib/db";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";

/**
 * The panel's server actions as the server runs them: next/headers gives the session cookie
 * of `panelSession.token` (SESSION_COOKIE, the panel's own name for it), next/cache is a no-op.
 * Import this file before the actions (`await import(...)` after it), so they see the mocks.
 */
export const panelSession: { token: string | undefined } = { token: undefined };

vi.mock("next/headers", () => ({
  cookies: async () => {
    const { SESSION_COOKIE } = await import("@/app/(panel)/_lib/panel-session");
    return { get: (name: string) => (name === SESSION_COOKIE && panelSession.token ? { name, value: panelSession.token } : undefined) };
  },
  headers: async () => new Headers(),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

/** A form as a browser sends it: a list repeats its field. */
export function form(fields: Record<string, string | string[]> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

export type PanelSessions = Record<"admin" | "viewer" | "stranger", string>;

/**
 * Signed-in sessions at a property: an admin and a viewer of it, and an admin of another
 * property (`elsewhere`, a stranger to it).
 */
export async function panelSessionsAt(
  db: Db,
  property: { id: string; slug: string },
  options: { admin?: { email?: string; name?: string }; elsewhere?: string } = {},
): Promise<PanelSessions> {
  const admin = await seedStaff(db, property.id, { email: options.admin?.email ?? `admin@${property.slug}.example`, name: options.admin?.name, role: "admin" });
  const viewer = await seedStaff(db, property.id, { email: `viewer@${property.slug}.example`, role: "viewer" });
  const elsewhere = await seedProperty(db, { name: options.elsewhere ?? `Not ${property.slug}` });
  const stranger = await seedStaff(db, elsewhere.property.id, { email: `admin@${elsewhere.property.slug}.example`, role: "admin" });
  const token = async (staffUserId: string) => (await createStaffSession(db, staffUserId)).token;
  return { admin: await token(admin.id), viewer: await token(viewer.id), stranger: await token(stranger.id) };
}
