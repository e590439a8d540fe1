import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * An ad written around the submission trigger (a bulk load, an import with triggers off) has no
 * audit entry yet: its history is empty, not a 404, so the side panel shows "No history yet"
 * instead of "Failed to fetch activity".
 */
describeApi('ad history of an ad with no entries yet', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    cookie = await signIn(t.app, admin.email);
  });
  afterAll(() => t?.close());

  it('answers an empty history', async () => {
    await t.database.db.execute(sql`alter table advertisements disable trigger user`);
    let id: string;
    try {
      id = (await makeAd(t.database.db)).id;
    } finally {
      await t.database.db.execute(sql`alter table advertisements enable trigger user`);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/advertisements/${id}/history`,
      headers: { cookie, origin: ORIGIN },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, events: [] }]);
  });
});
