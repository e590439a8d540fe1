import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { advertisements } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** Paging by cursor (docs/decisions/0020-keyset-paging.md) where a row's values are the hard part. */
describeApi('ads list cursors', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
  });

  it('pages by cursor through posting dates a microsecond apart, which a JavaScript Date cannot tell apart', async () => {
    const ads = [await makeAd(t.database.db), await makeAd(t.database.db), await makeAd(t.database.db)];
    // Three instants within one millisecond: a cursor carrying milliseconds only would repeat or skip them.
    for (const [i, ad] of ads.entries())
      await t.database.db.execute(
        sql`update advertisements set posting_date = ${`2026-03-01T10:00:00.00010${i}Z`}::timestamptz where id = ${ad.id}`,
      );
    for (const sort of ['postingDate', 'status', 'adType'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let body = (await api.list({ sort, order, pageSize: 1 })).json();
        seen.push(body.advertisements[0]._id);
        for (let page = 2; page <= 3; page++) {
          body = (await api.list({ sort, order, pageSize: 1, page, after: body.cursors.end })).json();
          seen.push(body.advertisements[0]._id);
        }
        const byNumber = await Promise.all(
          [1, 2, 3].map(
            async (page) => (await api.list({ sort, order, pageSize: 1, page })).json().advertisements[0]._id,
          ),
        );
        expect(seen).toEqual(byNumber);
        expect(new Set(seen).size).toBe(3);
        body = (await api.list({ sort, order, pageSize: 1, page: 2, before: body.cursors.start })).json();
        expect(body.advertisements[0]._id).toBe(byNumber[1]);
      }
  });

  it('under the status sort, Next continues after the place a row had when shown, though it was approved since', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
    const pending = [];
    for (let i = 0; i < 4; i++) pending.push(await makeAd(t.database.db, { status: 'pending', postingDate: at(i) }));
    await makeAd(t.database.db, { status: 'approved', postingDate: at(9) });
    // status desc: rejected, pending, approved; pending newest first.
    const view = { sort: 'status', order: 'desc', pageSize: 2 } as const;
    const first = (await api.list(view)).json();
    const shown = first.advertisements.map((a: { _id: string }) => a._id);
    expect(shown).toEqual([pending[3]!.id, pending[2]!.id]);
    expect((await api.approve(pending[2]!.id)).statusCode).toBe(200);
    const next = (await api.list({ ...view, page: 2, after: first.cursors.end })).json();
    expect(next.advertisements.map((a: { _id: string }) => a._id)).toEqual([pending[1]!.id, pending[0]!.id]);
  });
});
