import { createApiKey } from "@/lib/api-keys/create-api-key";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { SEED_ACTOR } from "@/lib/audit/actor";
import { createDb } from "@/lib/db";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { setStaffPassword } from "@/lib/staff/set-staff-password";
import { verifyPassword } from "@/lib/staff/password";
import { openTestTwin, testTwinSlug } from "@/lib/test-mode/test-twin";
import { DEMO_PROPERTIES, seedDemo } from "@/prisma/seed";
import { applyMigrations } from "../db/migrations";
import { readLocalState, writeLocalState, type LocalState } from "./local-state";

export type PreparedDemo = {
  state: LocalState & { demo: NonNullable<LocalState["demo"]> };
  notes: string[];
};

const DEMO = DEMO_PROPERTIES[0]!; // Harbour View Hotel: the demo site's hotel

/**
 * Makes a database ready for a local run: migrations applied, demo data seeded on first run,
 * and a working staff login, partner key and test key (of its test twin) for the demo hotel kept
 * in `stateFile`. A key that stopped working (rotated or revoked in the panel) is replaced.
 */
export async function prepareDemo(databaseUrl: string, stateFile: string): Promise<PreparedDemo> {
  const notes: string[] = [];
  const applied = await applyMigrations(databaseUrl);
  if (applied.length) notes.push(`applied ${applied.length} migration(s)`);
  const db = createDb(databaseUrl, { maxConnections: 2 });
  try {
    const state = readLocalState(stateFile);
    const seeded = await seedDemo(db);
    if (seeded.length) notes.push(`seeded ${seeded.map((s) => s.property).join(" and ")}`);
    const fresh = seeded.find((s) => s.slug === DEMO.slug);
    let demo = state.demo;
    if (fresh?.staffPassword && fresh.apiKey) {
      demo = { staffEmail: fresh.staffEmail, staffPassword: fresh.staffPassword, partnerApiKey: fresh.apiKey.key };
    }

    const staff = await db.staffUser.findUnique({ where: { email: DEMO.staffEmail } });
    if (!demo || demo.staffEmail !== DEMO.staffEmail) {
      // Seeded earlier without this file (db:seed, or the file was deleted): issue a new password.
      const reset = await setStaffPassword(db, { email: DEMO.staffEmail });
      demo = { staffEmail: reset.email, staffPassword: reset.password!, partnerApiKey: demo?.partnerApiKey ?? "" };
      notes.push("issued a new password for the demo staff login");
    } else if (staff && !(await verifyPassword(demo.staffPassword, staff.passwordHash))) {
      notes.push("the demo staff password was changed in the panel since it was made: sign in with yours");
    }

    const key = demo.partnerApiKey ? await findActiveApiKey(db, demo.partnerApiKey) : null;
    if (!key || key.property.slug !== DEMO.slug) {
      const property = await findPropertyBySlug(db, DEMO.slug);
      const created = await createApiKey(db, { propertyId: property.id, scope: "write", label: "Demo site", actor: SEED_ACTOR });
      if (demo.partnerApiKey) notes.push("the demo partner key no longer worked (rotated or revoked): made a new one");
      demo = { ...demo, partnerApiKey: created.key };
    }

    const testKey = demo.testApiKey ? await findActiveApiKey(db, demo.testApiKey) : null;
    if (!testKey || testKey.property.slug !== testTwinSlug(DEMO.slug)) {
      const property = await findPropertyBySlug(db, DEMO.slug);
      const twin = await openTestTwin(db, property.id);
      const created = await createApiKey(db, { propertyId: twin.id, scope: "write", label: "Try the API", actor: SEED_ACTOR });
      if (demo.testApiKey) notes.push("the demo test key no longer worked (rotated or revoked): made a new one");
      demo = { ...demo, testApiKey: created.key };
    }

    const next = { ...state, demo };
    writeLocalState(stateFile, next);
    return { state: next, notes };
  } finally {
    await db.$disconnect();
  }
}
