import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A key and every key it replaced on rotation, directly or not: what a partner's current key
 * may see of its own past (the webhook endpoints its predecessors created, their requests).
 */
export async function keyLineage(db: Db | Prisma.TransactionClient, apiKeyId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE lineage(id) AS (
      SELECT ${apiKeyId}::text
      UNION SELECT k.id FROM api_keys k JOIN lineage l ON k.replaced_by_id = l.id
    )
    SELECT id FROM lineage`;
  return rows.map((row) => row.id);
}
