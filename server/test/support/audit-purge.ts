import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Empties the audit trail between tests as an operator's purge does (docs/decisions/0016-audit-trail.md,
 * "Kept as written"): the trail refuses any other DELETE. audit_counts is rebuilt with it.
 */
export async function purgeAuditTrail(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('backoffice.audit_purge', 'on', true)`);
    await tx.execute(sql`delete from audit_events`);
    await tx.execute(sql`delete from audit_counts`);
  });
}
