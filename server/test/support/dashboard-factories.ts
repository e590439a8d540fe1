import type { Db } from '../../src/db/client';
import { auditEvents, packageSubscriptions, products } from '../../src/db/schema';

/** A package subscription (revenue) with no package or user unless given. */
export async function makeSubscription(db: Db, pricePaid: number, startDate: Date): Promise<void> {
  await db.insert(packageSubscriptions).values({ pricePaid, startDate });
}

/** An ad decision in the audit trail written directly (for ordering and deleted-admin cases). */
export async function makeModerationEvent(
  db: Db,
  event: Partial<typeof auditEvents.$inferInsert> & { at: Date },
): Promise<void> {
  await db.insert(auditEvents).values({
    entity: 'ad',
    entityId: '00000000-0000-4000-8000-000000000001',
    entityLabel: 'Some advertisement',
    action: 'approved',
    ...event,
  });
}

export async function makeProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> & { name: string; price: number },
): Promise<void> {
  await db.insert(products).values(overrides);
}

/** Colombo is UTC+05:30 all year: the instant of a Colombo wall-clock time. */
export function colombo(isoLocal: string): Date {
  return new Date(`${isoLocal}+05:30`);
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
