import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DutyListQuery } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query-values';
import { duties, type DutyRow } from '../../db/schema';

export type DutyValues = Pick<DutyRow, 'title' | 'description' | 'conditions' | 'status'>;

/** The duties the filters match (dutyListQuery), oldest first. */
export function listDuties(db: Executor, q: Partial<DutyListQuery> = {}): Promise<DutyRow[]> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(duties.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(
      sql`(${duties.code} ilike ${pattern} or ${duties.title} ilike ${pattern} or ${duties.description} ilike ${pattern})`,
    );
  }
  return db
    .select()
    .from(duties)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(duties.createdAt), asc(duties.code));
}

/** Inserts unless the code is taken (docs/decisions/0005-packages-and-duties.md); undefined then, with nothing written. */
export async function insertDuty(
  db: Executor,
  code: string,
  values: DutyValues,
  at: Date,
): Promise<DutyRow | undefined> {
  const [row] = await db
    .insert(duties)
    .values({ ...values, code, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: duties.code })
    .returning();
  return row;
}

export async function updateDuty(db: Executor, id: string, values: DutyValues, at: Date): Promise<DutyRow | undefined> {
  const [row] = await db
    .update(duties)
    .set({ ...values, updatedAt: at })
    .where(eq(duties.id, id))
    .returning();
  return row;
}

export async function deleteDuty(db: Executor, id: string): Promise<DutyRow | undefined> {
  const [row] = await db.delete(duties).where(eq(duties.id, id)).returning();
  return row;
}

/** The row as it is before an update, locked until the transaction ends. */
export function lockDuty(db: Executor, id: string): Promise<DutyRow | undefined> {
  return db
    .select()
    .from(duties)
    .where(eq(duties.id, id))
    .for('update')
    .then((r) => r[0]);
}
