import { API_KEY_SCOPES, createApiKey, isApiKeyScope, validateKeyLabel } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { defineCommand } from "./command";
import { formatInstant, formatTable } from "./output";
import { UsageError } from "./parse-args";

const SHOWN_ONCE = "This is the only time the key is shown: store it now (only its SHA-256 is kept).";

export const keyCreate = defineCommand({
  name: "key create",
  args: `SLUG --scope ${API_KEY_SCOPES.join("|")} [--label L] [--test]`,
  summary: "Create an API key for a property and print its value, once (a write key needs the starter plan or higher); --test: a test key (rbp_test_…), for the property's test twin.",
  positionals: ["SLUG"],
  options: { scope: { type: "string" }, label: { type: "string" }, test: { type: "boolean" } },
  parse(args) {
    const scope = args.string("scope");
    if (!isApiKeyScope(scope)) throw new UsageError(`scope "${scope}" is not one of ${API_KEY_SCOPES.join(", ")}`);
    const label = args.optionalString("label");
    const labelProblem = label === undefined ? undefined : validateKeyLabel(label);
    if (labelProblem) throw new UsageError(labelProblem);
    return { slug: args.slug(0), scope, label, test: args.flag("test") };
  },
  async run({ db }, { slug, scope, label, test }) {
    const property = await findPropertyBySlug(db, slug);
    // A test key is a key of the property's test twin (made, with a copy of the live inventory, if it has none yet).
    const owner = test ? await openTestTwin(db, property.id) : property;
    const key = await createApiKey(db, { propertyId: owner.id, scope, label, actor: ADMIN_CLI_ACTOR });
    return {
      json: { id: key.id, key: key.key, hint: key.hint, scope: key.scope },
      text: [`Created ${test ? "test " : ""}${key.scope} key ${key.id} ("${key.label}") for ${property.slug}:`, key.key, SHOWN_ONCE].join("\n"),
    };
  },
});

export const keyRotate = defineCommand({
  name: "key rotate",
  args: "KEY_ID",
  summary: "Replace a key's value with a new one (same label and scope); the old value stops working at once.",
  positionals: ["KEY_ID"],
  parse: (args) => ({ keyId: args.id(0, "key") }),
  async run({ db }, { keyId }) {
    const key = await rotateApiKey(db, { keyId, actor: ADMIN_CLI_ACTOR });
    return {
      json: { id: key.id, key: key.key, hint: key.hint, scope: key.scope, replaces: key.replaces },
      text: [`Rotated ${key.replaces}: its value no longer works. New ${key.scope} key ${key.id}:`, key.key, SHOWN_ONCE].join("\n"),
    };
  },
});

export const keyRevoke = defineCommand({
  name: "key revoke",
  args: "KEY_ID",
  summary: "Revoke a key; it fails on the very next request.",
  positionals: ["KEY_ID"],
  parse: (args) => ({ keyId: args.id(0, "key") }),
  async run({ db }, { keyId }) {
    const revoked = await revokeApiKey(db, { keyId, actor: ADMIN_CLI_ACTOR });
    return { json: { id: revoked.id, revokedAt: revoked.revokedAt }, text: `Revoked ${revoked.id} (at ${revoked.revokedAt.toISOString()}).` };
  },
});

export const keyList = defineCommand({
  name: "key list",
  args: "SLUG",
  summary: "List a property's API keys, live then test, with their status (never their values).",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const twin = await db.property.findUnique({ where: { livePropertyId: property.id }, select: { id: true } });
    const keys = [
      ...(await listApiKeys(db, property.id)).map((k) => ({ ...k, mode: "live" as const })),
      ...(twin ? await listApiKeys(db, twin.id) : []).map((k) => ({ ...k, mode: "test" as const })),
    ];
    const rows = keys.map((k) => [k.id, k.mode, k.scope, k.status, k.hint, k.label, formatInstant(k.createdAt), formatInstant(k.lastUsedAt)]);
    return {
      json: { data: keys },
      text: formatTable(["ID", "MODE", "SCOPE", "STATUS", "HINT", "LABEL", "CREATED", "LAST USED"], rows, `${property.slug} has no API keys.`),
    };
  },
});
