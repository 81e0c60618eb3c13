import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { PLAN_RULES } from "@/lib/properties/plans";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { freeTextProblem } from "@/lib/text/free-text";
import { generateApiKey } from "./key-format";

export type { ApiKeyScope };
export const API_KEY_SCOPES = ["read", "write"] as const satisfies readonly ApiKeyScope[];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

export type CreatedApiKey = { id: string; key: string; hint: string; scope: ApiKeyScope; label: string; createdAt: Date };

export function validateKeyLabel(label: string): string | undefined {
  const trimmed = label.trim();
  if (trimmed.length < 1 || trimmed.length > 100) return "label must be 1 to 100 characters";
  const problem = freeTextProblem(trimmed);
  return problem && `label: ${problem}`;
}

/**
 * Creates a key bound to the property. The value is returned here and never again (only its
 * SHA-256 is kept). A write key on a Free property is refused: its plan does not allow writes.
 * The property's mode makes the key's: a test twin's keys are test keys.
 */
export async function createApiKey(
  db: Db,
  input: { propertyId: string; scope: ApiKeyScope | string; label?: string; actor: Actor },
): Promise<CreatedApiKey> {
  if (!isApiKeyScope(input.scope)) throw new DomainError("invalid_argument", `scope "${input.scope}" is not read or write`);
  const label = (input.label ?? `${input.scope === "write" ? "Write" : "Read"} key`).trim();
  const labelProblem = validateKeyLabel(label);
  if (labelProblem) throw new DomainError("invalid_argument", labelProblem);
  const scope = input.scope;
  return db.$transaction((tx) => createApiKeyIn(tx, { ...input, scope, label }));
}

/** createApiKey inside the caller's transaction (the booking engine makes its key with its own row), the label checked. */
export async function createApiKeyIn(tx: Prisma.TransactionClient, input: { propertyId: string; scope: ApiKeyScope; label: string; actor: Actor }): Promise<CreatedApiKey> {
  const { scope, label } = input;
  const property = await tx.property.findUnique({ where: { id: input.propertyId } });
  if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
  if (scope === "write" && !PLAN_RULES[property.plan].canWrite) {
    throw new DomainError("plan_upgrade_required", "Write API requires the Starter plan or higher.");
  }
  // A key of a test twin is a test key (rbp_test_…), of a live property a live one.
  const generated = generateApiKey(propertyMode(property));
  const row = await tx.apiKey.create({
    data: { id: newId("key"), propertyId: property.id, label, scope, hash: generated.hash, hint: generated.hint },
  });
  await recordAuditEvent(tx, { propertyId: property.id, action: "api_key_created", apiKeyId: row.id, actor: input.actor, details: { scope, label, hint: row.hint } });
  return { id: row.id, key: generated.key, hint: row.hint, scope: row.scope, label: row.label, createdAt: row.createdAt };
}
