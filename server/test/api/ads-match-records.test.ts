import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * Select all matching writes its audit entries and advertiser messages a chunk at a time
 * (docs/decisions/0018-exports-and-bulk.md); they must be exactly what one decision per ad writes
 * (by another statement: docs/decisions/0022-advertiser-messages.md). Each ad decided in bulk has a twin (same heading, advertiser and posting date) decided
 * on its own, and the rows of the two are compared field by field, ids and times aside.
 */
describeApi('select all matching records what single decisions record', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  type Row = Record<string, unknown>;
  const query = async (q: ReturnType<typeof sql>) => rowsOf<Row>(await t!.database.db.execute(q));

  /** Audit entries and messages of ads in `district`, keyed by heading, without ids and times. */
  async function written(district: string) {
    const audit = await query(sql`select a.heading, e.entity, e.entity_label, e.action, e.actor_id::text as actor_id,
        e.actor_name, e.rejection_reason, e.details, e.advertiser_id::text as advertiser_id,
        e.submitted_at = a.posting_date as submitted_is_posting
      from audit_events e join advertisements a on a.id = e.entity_id
      where a.district = ${district} and e.action <> 'submitted' order by a.heading, e.action`);
    const messages = await query(sql`select a.heading, m.user_id::text as user_id, m.kind, m.channel, m.recipient,
        m.language, m.ad_heading, m.reason, m.status, m.attempts, m.last_error, m.claimed_at, m.sent_at,
        m.next_attempt_at = m.created_at and m.updated_at = m.created_at as times_agree
      from advertiser_messages m join advertisements a on a.id = m.ad_id
      where a.district = ${district} order by a.heading, m.channel`);
    return { audit, messages };
  }

  const configs: [string, Record<string, string>][] = [
    ['files (no SMTP, no gateway)', {}],
    ['SMTP and an SMS gateway', { SMTP_URL: 'smtp://127.0.0.1:9', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' }],
  ];

  for (const [name, env] of configs) {
    it(`writes the same entries and messages as one decision per ad: ${name}`, async () => {
      // No delivery: the rows stay as the decisions wrote them.
      t = await buildTestApp({ env: { MESSAGE_WORKER: 'false', ...env } });
      const db = t.database.db;
      const admin = await makeAdmin(db, { name: 'Nimali Admin' });
      const api = adminClient(t.app, await signIn(t.app, admin.email));
      const advertisers = [
        await makeUser(db, { isVerified: true, mobile: '077 123 4567' }),
        await makeUser(db, { isVerified: false, mobile: '0719876543' }),
        await makeUser(db, { isVerified: true, mobile: '', email: '  ' }),
        null,
      ];
      const twins: { bulk: string; single: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const common = {
          heading: `Ad ${String(i).padStart(2, '0')} "quoted" <b>`,
          userId: advertisers[i % advertisers.length]?.id ?? null,
          postingDate: new Date(Date.UTC(2026, 9, 1, 0, i)),
        };
        const district = i < 6 ? 'Kandy' : 'Galle';
        const bulk = await makeAd(db, { ...common, district, category: 'Vehicles' });
        const single = await makeAd(db, { ...common, district: `${district} single`, category: 'Land sale' });
        twins.push({ bulk: bulk.id, single: single.id });
      }
      // Approve in Kandy, reject in Galle; 'Land sale' stays out of the matches.
      const reason = 'Photos show a "different" vehicle <again>';
      const approved = await api.bulk({
        status: 'approved',
        match: { status: 'pending', category: 'Vehicles', district: 'Kandy' },
        max: 1000,
      });
      expect(approved.json()).toEqual({ success: true, ok: 6, failed: 0, remaining: 0 });
      const rejected = await api.bulk({
        status: 'rejected',
        rejectionReason: reason,
        match: { status: 'pending', category: 'Vehicles', district: 'Galle' },
        max: 1000,
      });
      expect(rejected.json()).toEqual({ success: true, ok: 6, failed: 0, remaining: 0 });
      for (const [i, twin] of twins.entries()) {
        const res = i < 6 ? await api.approve(twin.single) : await api.reject(twin.single, reason);
        expect(res.statusCode).toBe(200);
      }

      for (const district of ['Kandy', 'Galle']) {
        const bulk = await written(district);
        const single = await written(`${district} single`);
        expect(bulk.audit).toHaveLength(6);
        expect(bulk.messages.length).toBeGreaterThanOrEqual(6);
        expect(bulk).toEqual(single);
      }
      if (testDb === 'postgres') {
        // One job delivers them all, bulk and single alike, once the decisions pause. (The ads'
        // analysis jobs, added by their insert, are another task: docs/decisions/0029-trust-signals.md.)
        const jobs = async () =>
          query(sql`select k.identifier, j.key from graphile_worker._private_jobs j
            join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier <> 'analyse_ad'`);
        await waitFor(async () => (await jobs()).length > 0);
        expect(await jobs()).toEqual([
          { identifier: 'deliver_due_advertiser_messages', key: 'advertiser-messages-due' },
        ]);
      }
    });
  }
});
