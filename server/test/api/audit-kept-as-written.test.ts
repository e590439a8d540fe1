import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { openEventStream, type EventStream } from '../support/event-stream';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Issue 38: written entries are never changed. A deleted admin's entries keep their id (the key
 * that set it null is gone) and are still found by it; the trail refuses UPDATE, DELETE and
 * TRUNCATE outside a purge; live events keep the admin's name as it was written
 * (docs/decisions/0016-audit-trail.md, "Kept as written").
 */
/** The database's own message of a refused statement (drizzle wraps it as the cause), or null. */
async function refusal(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? (err as Error).message;
  }
}

const KEPT = /audit_events entries are kept as written/;

describeApi('audit entries and live events are kept as written (issue 38)', () => {
  let t: TestApp;
  let base = '';
  let cookie = '';
  const streams: EventStream[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await makeAdmin(t.database.db, { name: 'Main Admin' });
    cookie = await signIn(t.app, admin.email);
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => t?.close());

  it('keeps a deleted admin’s id and name on their entries, and finds them by that id', async () => {
    const gone = await makeAdmin(t.database.db, { name: 'Gone Admin' });
    const goneCookie = await signIn(t.app, gone.email);
    const ad = await makeAd(t.database.db);
    expect((await adminClient(t.app, goneCookie).approve(ad.id)).statusCode).toBe(200);
    const main = adminClient(t.app, cookie);
    expect((await main.send('DELETE', `/api/users/${gone.id}`)).statusCode).toBe(200);

    const actor = { _id: gone.id, name: 'Gone Admin' };
    const history = (await main.send('GET', `/api/advertisements/${ad.id}/history`)).json();
    expect(history.events.find((e: { action: string }) => e.action === 'approved').actor).toEqual(actor);

    const activity = await main.send('GET', `/api/activity?actor=${gone.id}`);
    expect(activity.statusCode).toBe(200);
    const events = activity.json().events as { entity: string; action: string; actor: unknown }[];
    expect(events.map((e) => [e.entity, e.action])).toEqual([
      ['ad', 'approved'],
      ['session', 'sign_in'],
    ]);
    for (const e of events) expect(e.actor).toEqual(actor);
    expect((await main.send('GET', `/api/activity/count?actor=${gone.id}`)).json().total).toBe(2);
  });

  it('refuses to rewrite entries: UPDATE, DELETE and TRUNCATE fail, a purge opts in for its transaction', async () => {
    const db = t.database.db;
    const count = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_events`))[0]!.n;
    const [newest] = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text as id from audit_events order by id desc limit 1`),
    );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const refused = [
      sql`update audit_events set actor_name = 'Someone else' where id = ${newest!.id}::bigint`,
      sql`delete from audit_events where id = ${newest!.id}::bigint`,
      sql`truncate audit_events`,
    ];
    for (const statement of refused) expect(await refusal(db.execute(statement))).toMatch(KEPT);
    expect(await count()).toBe(before);

    // An operator's purge opts in for its own transaction: it may delete, never update.
    const updateInPurge = db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('backoffice.audit_purge', 'on', true)`);
      await tx.execute(sql`update audit_events set actor_name = 'Someone else' where id = ${newest!.id}::bigint`);
    });
    expect(await refusal(updateInPurge)).toMatch(KEPT);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('backoffice.audit_purge', 'on', true)`);
      await tx.execute(sql`delete from audit_events where id = ${newest!.id}::bigint`);
    });
    expect(await count()).toBe(before - 1);
    // The opt-in ended with its transaction.
    expect(await refusal(db.execute(sql`delete from audit_events`))).toMatch(KEPT);
  });

  it('names the admin on the live events of ads deleted with their advertiser, also after that admin is deleted', async () => {
    const gone = await makeAdmin(t.database.db, { name: 'Departed Moderator' });
    const goneCookie = await signIn(t.app, gone.email);
    const owner = await makeUser(t.database.db);
    const ads = [await makeAd(t.database.db, { userId: owner.id }), await makeAd(t.database.db, { userId: owner.id })];
    const live = await openEventStream(base, cookie);
    streams.push(live);
    // A first event, so the stream has an id to resume after.
    const marker = await makeAd(t.database.db);
    const first = await live.waitForEvent((e) => e.id === marker.id && e.type === 'created');

    expect((await adminClient(t.app, goneCookie).send('DELETE', `/api/users/${owner.id}`)).statusCode).toBe(200);
    const by = { _id: gone.id, name: 'Departed Moderator' };
    for (const ad of ads) {
      const event = await live.waitForEvent((e) => e.id === ad.id && e.type === 'deleted');
      expect(event.by).toEqual(by);
    }
    expect((await adminClient(t.app, cookie).send('DELETE', `/api/users/${gone.id}`)).statusCode).toBe(200);

    // Replayed from the database after the admin is gone: still named.
    const replay = await openEventStream(base, cookie, String(first.seq));
    streams.push(replay);
    for (const ad of ads) {
      const event = await replay.waitForEvent((e) => e.id === ad.id && e.type === 'deleted');
      expect(event.by).toEqual(by);
    }
  });
});
