import { sql } from 'drizzle-orm';
import { DEFAULT_REPORTED_THRESHOLD, REPORTED_THRESHOLD_KEY, type ReportSettings } from '@backoffice/contract';
import { recordAuditMany, type AuditEntry } from '../../domain/audit-writer';
import { rowsOf, type Db, type Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { STRIKE_EXPIRY_KEY, strikeExpiryDays } from '../strikes/strikes-service';

/**
 * The inbox's settings (docs/decisions/0034-reports.md): the open reports that put an approved ad
 * in the Reported view, and the days a strike stays active; rows of moderation_settings, read where
 * they are used (ads-filters.ts, strikes-repository.ts).
 */
export async function readReportSettings(db: Executor): Promise<ReportSettings> {
  const [row] = rowsOf<{ threshold: number | null }>(
    await db.execute(sql`select case when jsonb_typeof(value) = 'number' then (value #>> '{}')::numeric end as threshold
      from moderation_settings where key = ${REPORTED_THRESHOLD_KEY}`),
  );
  const threshold = row?.threshold == null ? DEFAULT_REPORTED_THRESHOLD : Number(row.threshold);
  return { reportedThreshold: threshold, strikeExpiryDays: await strikeExpiryDays(db) };
}

const LABELS = { reportedThreshold: 'Reported view threshold', strikeExpiryDays: 'Strike expiry (days)' } as const;
const KEYS = { reportedThreshold: REPORTED_THRESHOLD_KEY, strikeExpiryDays: STRIKE_EXPIRY_KEY } as const;

/** Both settings written; one audit entry for each whose value changed. Returns them as they are after. */
export async function saveReportSettings(
  db: Db,
  clock: Clock,
  next: ReportSettings,
  adminId: string,
): Promise<ReportSettings> {
  const at = clock();
  await db.transaction(async (tx) => {
    // Two saves at once record their `from` one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report_settings'))`);
    const before = await readReportSettings(tx);
    const entries: AuditEntry[] = [];
    for (const field of ['reportedThreshold', 'strikeExpiryDays'] as const) {
      if (before[field] === next[field]) continue;
      await tx.execute(sql`insert into moderation_settings (key, value, updated_at, updated_by)
        values (${KEYS[field]}, ${JSON.stringify(next[field])}::jsonb, ${at.toISOString()}::timestamptz, ${adminId}::uuid)
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
          updated_by = excluded.updated_by`);
      entries.push({
        entity: 'setting',
        entityId: null,
        entityLabel: LABELS[field],
        action: 'updated',
        actorId: adminId,
        at,
        details: { fields: [field], from: String(before[field]), to: String(next[field]) },
      });
    }
    if (entries.length) await recordAuditMany(tx, entries);
  });
  return readReportSettings(db);
}
