import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Names the admin behind the changes of this transaction, for the triggers that write
 * ad_live_events (migration 0014): deletions and image changes carry no admin of their own.
 * Every service whose transactions change ads (ads, claims, users) calls it before the change.
 */
export async function actAs(tx: Executor, adminId: string): Promise<void> {
  await tx.execute(sql`select set_config('backoffice.admin_id', ${adminId}, true)`);
}
