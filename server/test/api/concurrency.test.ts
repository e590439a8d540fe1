import { sql } from 'drizzle-orm';
import { adMessages } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { summaryMatchesTable } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * Issue 8.5: 20 moderators, each with their own session, approve and reject the same 200 pending ads
 * at once over real HTTP. Every ad ends moderated exactly once with exactly one moderation event;
 * every other attempt is a 409.
 *
 * The full race runs on PostgreSQL, where the requests really overlap. The embedded database runs
 * one statement at a time, so there the same race is smaller (8 moderators, 60 ads): it still
 * interleaves single and bulk decisions from every session, at a tenth of the time.
 */
const MODERATORS = testDb === 'postgres' ? 20 : 8;
const ADS = testDb === 'postgres' ? 200 : 60;

describeApi(
  `${MODERATORS} moderators racing over ${ADS} pending ads (docs/decisions/0014-ad-moderation-rules.md, issue 8)`,
  () => {
    let t: TestApp;
    let base = '';
    const cookies: string[] = [];
    const adIds: string[] = [];

    beforeAll(async () => {
      t = await buildTestApp();
      for (let i = 0; i < MODERATORS; i++) {
        const admin = await makeAdmin(t.database.db);
        cookies.push(await signIn(t.app, admin.email));
      }
      for (let i = 0; i < ADS; i++) adIds.push((await makeAd(t.database.db, { status: 'pending' })).id);
      base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    }, 600_000);
    afterAll(() => t?.close());

    it('moderates each ad exactly once', async () => {
      const send = async (m: number, url: string, method: string, body: unknown) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { cookie: cookies[m]!, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as { results?: { ok: boolean; message?: string }[] } };
      };
      // Each moderator walks the ads from a different starting point, alternating the decision; half
      // of them one ad per call (PUT …/status), the other half 20 ads per call (bulk, docs/decisions/0014-ad-moderation-rules.md).
      const moderator = async (m: number) => {
        const order = adIds.map((_, k) => adIds[(k + m * 10) % ADS]!);
        const decision = (k: number) =>
          (k + m) % 2
            ? { status: 'approved' as const }
            : { status: 'rejected' as const, rejectionReason: `Moderator ${m}: duplicate` };
        const codes: number[] = [];
        if (m % 2) {
          for (let k = 0; k < ADS; k++)
            codes.push((await send(m, `/api/advertisements/${order[k]}/status`, 'PUT', decision(k))).status);
          return codes;
        }
        for (let k = 0; k < ADS; k += 20) {
          const res = await send(m, '/api/advertisements/bulk-status', 'POST', {
            ids: order.slice(k, k + 20),
            ...decision(k / 20),
          });
          expect(res.status).toBe(200);
          for (const r of res.json.results!) codes.push(r.ok ? 200 : r.message === adMessages.notPending ? 409 : 0);
        }
        return codes;
      };
      const codes = (await Promise.all(cookies.map((_, m) => moderator(m)))).flat();
      expect(codes.filter((c) => c === 200)).toHaveLength(ADS);
      expect(codes.filter((c) => c === 409)).toHaveLength(ADS * (MODERATORS - 1));

      const [row] = rowsOf<{ pending: number; events: number; ads_with_one_event: number; mismatched: number }>(
        await t.database.db.execute(sql`
        with decisions as (select * from audit_events where entity = 'ad' and action <> 'submitted')
        select
          (select count(*)::int from advertisements where status = 'pending') as pending,
          (select count(*)::int from decisions) as events,
          (select count(*)::int from (select entity_id from decisions group by entity_id having count(*) = 1) e) as ads_with_one_event,
          (select count(*)::int from advertisements a join decisions e on e.entity_id = a.id
            where (a.status = 'approved') <> (e.action = 'approved') or a.moderated_by is distinct from e.actor_id) as mismatched`),
      );
      expect(row).toEqual({ pending: 0, events: ADS, ads_with_one_event: ADS, mismatched: 0 });
      expect(await summaryMatchesTable(t.database.db)).toBe(true);
    }, 600_000);
  },
);
