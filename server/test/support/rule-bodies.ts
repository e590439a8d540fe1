import type { Db } from '../../src/db/client';
import { ruleBacktests } from '../../src/db/schema';

let ruleCounter = 0;

/** A valid rule body (a draft flag on job ads); pass overrides (`{ mode: 'shadow' }`). */
export function ruleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  ruleCounter++;
  return {
    name: `Rule ${ruleCounter}`,
    conditions: [{ field: 'category', op: 'eq', value: 'Jobs' }],
    action: { type: 'flag', label: 'Check fee' },
    ...overrides,
  };
}

/**
 * A backtest row as the backtest runner writes it (a finished one unless `state` says otherwise),
 * of the rule's `version`.
 */
export async function insertBacktest(
  db: Db,
  ruleId: string,
  version: number,
  figures: {
    decided: number;
    precision: number | null;
    state?: 'running' | 'done' | 'cancelled' | 'failed';
    startedAt: Date;
  },
) {
  const [row] = await db
    .insert(ruleBacktests)
    .values({
      ruleId,
      version,
      limit: 10_000,
      state: figures.state ?? 'done',
      scanned: 10_000,
      matched: figures.decided + 10,
      decided: figures.decided,
      precision: figures.precision,
      recall: 0.5,
      startedAt: figures.startedAt,
      finishedAt: figures.state && figures.state !== 'done' ? null : new Date(figures.startedAt.getTime() + 60_000),
    })
    .returning();
  return row!;
}
