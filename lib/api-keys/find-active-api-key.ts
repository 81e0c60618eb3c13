import { queryHot, type Db, type HotStatement } from "@/lib/db";
import type { ApiKeyScope, Plan } from "@/lib/generated/prisma/enums";
import { hashApiKey, isWellFormedApiKey } from "./key-format";

export type ActiveApiKey = {
  id: string;
  propertyId: string;
  scope: ApiKeyScope;
  hint: string;
  createdAt: Date;
  property: { id: string; name: string; slug: string; timezone: string; currency: string; plan: Plan; guestEmailsEnabled: boolean };
};

export type ActiveApiKeyRow = {
  id: string;
  property_id: string;
  scope: ApiKeyScope;
  hint: string;
  created_at: Date;
  name: string;
  slug: string;
  timezone: string;
  currency: string;
  plan: Plan;
  guest_emails_enabled: boolean;
};

/** The key lookup of every partner request: one indexed query by hash, with the key's property. $1: the key's SHA-256 (hex). */
export const ACTIVE_API_KEY: HotStatement = {
  name: "active_api_key",
  text: `
  SELECT k.id, k.property_id, k.scope::text AS scope, k.hint, k.created_at,
         p.name, p.slug, p.timezone, p.currency, p.plan::text AS plan, p.guest_emails_enabled
  FROM api_keys k JOIN properties p ON p.id = k.property_id
  WHERE k.hash = $1 AND k.revoked_at IS NULL`,
};

/**
 * The active (not revoked) key with this value, with its property; null for anything else.
 * On every partner request, so one indexed query (by hash) on the pool directly, and no cache:
 * a revoked key fails on the very next request, on every instance. A malformed value costs no
 * query at all.
 */
export async function findActiveApiKey(db: Db, value: string): Promise<ActiveApiKey | null> {
  if (!isWellFormedApiKey(value)) return null;
  const { rows } = await queryHot<ActiveApiKeyRow>(db, ACTIVE_API_KEY, [hashApiKey(value)]);
  return rows[0] ? toActiveApiKey(rows[0]) : null;
}

/** A row of ACTIVE_API_KEY as the key and its property. */
export function toActiveApiKey(row: ActiveApiKeyRow): ActiveApiKey {
  return {
    id: row.id,
    propertyId: row.property_id,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.created_at,
    property: { id: row.property_id, name: row.name, slug: row.slug, timezone: row.timezone, currency: row.currency, plan: row.plan, guestEmailsEnabled: row.guest_emails_enabled },
  };
}
