import { afterAll, beforeAll, expect, it } from 'vitest';
import { fewCarry, SPARSE_REMEMBERED_MS, SPARSE_SIGNALS } from '../../src/modules/ads/ads-sparse-signals';
import { buildTestApp, describeApiOnce, type TestApp } from '../support/test-app';

/** ads-sparse-signals.ts: whether few ads carry a filter's kinds is counted, then remembered a while. */
describeApiOnce('the count that chooses how a page narrowed by a trust signal is found', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** n ads carrying price_outlier, not queued for analysis (which would find them clean). */
  const carry = (n: number) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(`insert into advertisements (title, heading, details, username, category, district,
        status, images, posting_date, ad_type, signal_kinds)
      select 'Sparse ' || n, 'Sparse ' || n, 'Plain.', 'sparse', 'Land sale', 'Colombo', 'approved', '{}',
        timestamptz '2026-01-01' + n * interval '1 minute', 'digital', '{price_outlier}'
      from generate_series(1, ${n}) n`);
    });

  it('remembers its answer per kinds for SPARSE_REMEMBERED_MS, then counts again', async () => {
    const db = t.database.db;
    const t0 = Date.parse('2026-11-27T10:00:00Z');
    expect(await fewCarry(db, '{price_outlier}', t0)).toBe(true);
    await carry(SPARSE_SIGNALS);
    // Remembered: the same answer until the time is up, while other kinds are counted afresh.
    expect(await fewCarry(db, '{price_outlier}', t0 + SPARSE_REMEMBERED_MS - 1)).toBe(true);
    expect(await fewCarry(db, '{price_outlier,scam_phrase}', t0 + 1)).toBe(false);
    expect(await fewCarry(db, '{scam_phrase}', t0 + 1)).toBe(true);
    // Counted again once it is.
    expect(await fewCarry(db, '{price_outlier}', t0 + SPARSE_REMEMBERED_MS)).toBe(false);
  });
});
