import { createApiKey } from "@/lib/api-keys/create-api-key";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { hashApiKey } from "@/lib/api-keys/key-format";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { SEED_ACTOR } from "@/lib/audit/actor";
import { createDb, type Db } from "@/lib/db";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { setStaffPassword } from "@/lib/staff/set-staff-password";
import { verifyPassword } from "@/lib/staff/password";
import { openTestTwin, testTwinSlug } from "@/lib/test-mode/test-twin";
import { secretBoxFromEnv } from "@/lib/secrets/secret-box";
import { DEMO_PROPERTIES, seedDemo, SITE_KEY_LABEL } from "@/prisma/seed";
import { applyMigrations } from "../db/migrations";
import { readLocalState, writeLocalState, type LocalState } from "./local-state";

export type PreparedDemo = {
  state: LocalState & { demo: Required<NonNullable<LocalState["demo"]>> };
  notes: string[];
};

const DEMO = DEMO_PROPERTIES[0]!; // Harbour View Hotel: the demo site's hotel
/** The demo hotel's slug: its booking engine's site is /hotels/{slug}. */
export const DEMO_SLUG = DEMO.slug;

/** The key the banner offers for trying the API as a partner: never the demo site's own (SITE_KEY_LABEL). */
export const DEMO_PARTNER_KEY_LABEL = "Demo partner";

/**
 * Makes a database ready for a local run: migrations applied, demo data seeded on first run,
 * and a working staff login and three write keys of the demo hotel kept in `stateFile`: the demo
 * site's own (PARTNER_API_KEY of the server), a partner key to try the API with, and a test key
 * (of its test twin). A key that stopped working (rotated or revoked in the panel or the CLI) is
 * replaced; for the site's key, whatever replaced it on rotation is revoked too, so that no
 * value nobody holds stays active beside the new one.
 */
export async function prepareDemo(databaseUrl: string, stateFile: string): Promise<PreparedDemo> {
  const notes: string[] = [];
  const applied = await applyMigrations(databaseUrl);
  if (applied.length) notes.push(`applied ${applied.length} migration(s)`);
  const db = createDb(databaseUrl, { maxConnections: 2 });
  try {
    const state = readLocalState(stateFile);
    // The engine's key is sealed with the box the server opens it with (its SESSION_SECRET, as dev.ts passes it on).
    const engineBox = secretBoxFromEnv({ WEBHOOK_SECRET_KEY: process.env.WEBHOOK_SECRET_KEY, SESSION_SECRET: process.env.SESSION_SECRET || state.sessionSecret }, "booking-engine-keys");
    const seeded = await seedDemo(db, { engineBox });
    if (seeded.length) notes.push(`seeded ${seeded.map((s) => s.property).join(" and ")}`);
    const fresh = seeded.find((s) => s.slug === DEMO.slug);
    let demo = state.demo;
    if (fresh?.staffPassword && fresh.apiKey) {
      demo = { staffEmail: fresh.staffEmail, staffPassword: fresh.staffPassword, siteApiKey: fresh.apiKey.key, partnerApiKey: "" };
    }

    const staff = await db.staffUser.findUnique({ where: { email: DEMO.staffEmail } });
    if (!demo || demo.staffEmail !== DEMO.staffEmail) {
      // Seeded earlier without this file (db:seed, or the file was deleted): issue a new password.
      const reset = await setStaffPassword(db, { email: DEMO.staffEmail });
      demo = { staffEmail: reset.email, staffPassword: reset.password!, siteApiKey: demo?.siteApiKey, partnerApiKey: demo?.partnerApiKey ?? "" };
      notes.push("issued a new password for the demo staff login");
    } else if (staff && !(await verifyPassword(demo.staffPassword, staff.passwordHash))) {
      notes.push("the demo staff password was changed in the panel since it was made: sign in with yours");
    }

    const property = await findPropertyBySlug(db, DEMO.slug);
    // A file from before the site had a key of its own: the key it kept was the site's.
    if (!demo.siteApiKey) demo = { ...demo, siteApiKey: demo.partnerApiKey, partnerApiKey: "" };
    const live = { slug: property.slug, id: async () => property.id };
    const site = await workingKey(db, demo.siteApiKey, { property: live, label: SITE_KEY_LABEL, name: "demo site's key" });
    const partner = await workingKey(db, demo.partnerApiKey, { property: live, label: DEMO_PARTNER_KEY_LABEL, name: "demo partner key" });
    // The twin is opened (made the first time) only when a test key is to be made.
    const twinOf = { slug: testTwinSlug(property.slug), id: async () => (await openTestTwin(db, property.id)).id };
    const twin = await workingKey(db, demo.testApiKey, { property: twinOf, label: "Try the API", name: "demo test key" });
    notes.push(...site.notes, ...partner.notes, ...twin.notes);
    const next = { ...state, demo: { staffEmail: demo.staffEmail, staffPassword: demo.staffPassword, siteApiKey: site.key, partnerApiKey: partner.key, testApiKey: twin.key } };
    writeLocalState(stateFile, next);
    return { state: next, notes };
  } finally {
    await db.$disconnect();
  }
}

/**
 * `current` if it still works on `property`, else a new write key labelled `label`. A site key
 * that was rotated had a successor nobody here holds: it is revoked (`revokeSuccessors`).
 */
async function workingKey(
  db: Db,
  current: string | undefined,
  want: { property: { slug: string; id: () => Promise<string> }; label: string; name: string },
): Promise<{ key: string; notes: string[] }> {
  const found = current ? await findActiveApiKey(db, current) : null;
  if (current && found?.property.slug === want.property.slug) return { key: current, notes: [] };
  const notes: string[] = [];
  if (current) {
    const revoked = want.label === SITE_KEY_LABEL ? await revokeSuccessors(db, current) : 0;
    notes.push(`the ${want.name} no longer worked (rotated or revoked): made a new one${revoked ? ` and revoked the ${revoked === 1 ? "key" : `${revoked} keys`} that replaced it` : ""}`);
  }
  const created = await createApiKey(db, { propertyId: await want.property.id(), scope: "write", label: want.label, actor: SEED_ACTOR });
  return { key: created.key, notes };
}

/** Revokes the still active keys that replaced this one on rotation (directly or not); how many. */
async function revokeSuccessors(db: Db, value: string): Promise<number> {
  let key = await db.apiKey.findUnique({ where: { hash: hashApiKey(value) }, select: { replacedById: true } });
  let revoked = 0;
  while (key?.replacedById) {
    const next = await db.apiKey.findUnique({ where: { id: key.replacedById }, select: { id: true, revokedAt: true, replacedById: true } });
    if (next && !next.revokedAt) {
      await revokeApiKey(db, { keyId: next.id, actor: SEED_ACTOR });
      revoked += 1;
    }
    key = next;
  }
  return revoked;
}
