import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { batchedPerDb } from "@/lib/db-batch";
import type { ApiKeyScope, Plan } from "@/lib/generated/prisma/enums";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { ChildAgeBand } from "@/lib/rate-plans/party-price";
import { readChildAgeBands } from "@/lib/properties/child-age-bands";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { hashApiKey, isWellFormedApiKey, keyMode } from "./key-format";

export type ActiveApiKey = {
  id: string;
  propertyId: string;
  scope: ApiKeyScope;
  hint: string;
  createdAt: Date;
  property: {
    id: string;
    name: string;
    slug: string;
    timezone: string;
    currency: string;
    plan: Plan;
    guestEmailsEnabled: boolean;
    contactEmail: string | null;
    contactPhone: string | null;
    checkInFrom: string;
    checkOutUntil: string;
    /** The children's age bands (GET /me), in age order. */
    childAgeBands: ChildAgeBand[];
    /** Set on a live property's test twin (its keys are test keys): propertyMode. */
    livePropertyId: string | null;
    /** A test twin's today when moved by the test clock; null: the real date at the property. */
    testToday: CalendarDate | null;
  };
};

type ActiveApiKeyRow = {
  hash: string;
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
  contact_email: string | null;
  contact_phone: string | null;
  check_in_from: string;
  check_out_until: string;
  child_age_bands: unknown;
  live_property_id: string | null;
  test_today: string | null;
};

/**
 * The key lookup of every partner request: the active keys among $1 (SHA-256 hex values), each
 * with its property, by the unique index on the hash. One statement answers every lookup that
 * started in the same turn of the event loop (findActiveApiKey); each row carries its hash, so
 * that each lookup gets its own key.
 */
export const ACTIVE_API_KEYS: HotStatement = {
  name: "active_api_keys",
  text: `
  SELECT k.hash, k.id, k.property_id, k.scope::text AS scope, k.hint, k.created_at,
         p.name, p.slug, p.timezone, p.currency, p.plan::text AS plan, p.guest_emails_enabled,
         p.contact_email, p.contact_phone, p.check_in_from, p.check_out_until, p.child_age_bands, p.live_property_id, p.test_today::text AS test_today
  FROM api_keys k JOIN properties p ON p.id = k.property_id
  WHERE k.hash = ANY($1::text[]) AND k.revoked_at IS NULL`,
};

const activeKeyRow = batchedPerDb(async (db: Db, hashes: readonly string[]): Promise<(ActiveApiKeyRow | null)[]> => {
  const { rows } = await queryHot<ActiveApiKeyRow>(db, ACTIVE_API_KEYS, [hashes]);
  const byHash = new Map(rows.map((row) => [row.hash, row]));
  return hashes.map((hash) => byHash.get(hash) ?? null);
});

/**
 * The active (not revoked) key with this value, with its property; null for anything else.
 * On every partner request, so one indexed query on the pool directly, shared by the lookups
 * that started in the same turn of the event loop (lib/db-batch.ts), and no cache: a revoked
 * key fails on the very next request, on every instance. A malformed value costs no query.
 */
export async function findActiveApiKey(db: Db, value: string): Promise<ActiveApiKey | null> {
  if (!isWellFormedApiKey(value)) return null;
  const row = await activeKeyRow(db, hashApiKey(value));
  // A key works in its own mode only: a test key on its twin, a live key on live data.
  if (!row || keyMode(value) !== propertyMode({ livePropertyId: row.live_property_id })) return null;
  return toActiveApiKey(row);
}

/** A row of ACTIVE_API_KEYS as the key and its property (a new object for each lookup). */
function toActiveApiKey(row: ActiveApiKeyRow): ActiveApiKey {
  return {
    id: row.id,
    propertyId: row.property_id,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.created_at,
    property: {
      id: row.property_id,
      name: row.name,
      slug: row.slug,
      timezone: row.timezone,
      currency: row.currency,
      plan: row.plan,
      guestEmailsEnabled: row.guest_emails_enabled,
      contactEmail: row.contact_email,
      contactPhone: row.contact_phone,
      checkInFrom: row.check_in_from,
      checkOutUntil: row.check_out_until,
      childAgeBands: readChildAgeBands(row.child_age_bands),
      livePropertyId: row.live_property_id,
      testToday: row.test_today as CalendarDate | null,
    },
  };
}
