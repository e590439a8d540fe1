import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { decisionMessagesInsert } from '../../src/messages/outbox-repository';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * A decision's messages read each advertiser by key (outbox-repository.ts, decisionMessagesInsert):
 * the decisions' set is a function PostgreSQL guesses at 100 rows, so a plain join read every
 * user, 10 ms an approve at 10,000 advertisers (bench/approve-cost.ts).
 */
describeApi('how a decision’s messages are planned on PostgreSQL', () => {
  const onPostgres = testDb === 'postgres';
  let t: TestApp;

  beforeAll(async () => {
    if (!onPostgres) return;
    t = await buildTestApp();
    await t.database.db
      .execute(sql`insert into users (username, name, email, mobile, is_admin, is_verified, password_hash)
      select 'plan_' || g, 'Plan ' || g, 'plan_' || g || '@example.lk', '0771234567', false, true, 'x'
      from generate_series(1, 3000) g`);
    await t.database.db.execute(sql`analyze users`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.runIf(onPostgres)('reads each advertiser by its key, not every user', async () => {
    const ads = [await makeAd(t.database.db), await makeAd(t.database.db)];
    const insert = decisionMessagesInsert(
      ads.map((a) => ({ adId: a.id, userId: a.userId, kind: 'approved' as const, heading: a.heading, reason: null })),
      new Date(),
      { email: true, sms: true, smsOnlyWithNumber: true },
    )!;
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await t.database.db.execute(sql`explain (format json) ${insert}`));
    const plan = JSON.stringify(row!['QUERY PLAN']);
    expect(plan).toContain('"Relation Name":"users"');
    expect(plan).not.toMatch(/"Node Type":"Seq Scan","[^}]*"Relation Name":"users"/);
    expect(plan).toContain('"Index Name":"users_pkey"');
  });
});
