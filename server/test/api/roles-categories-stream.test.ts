import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../support/ads-helpers';
import { manualEvery, openEventStream, type EventStream } from '../support/event-stream';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 36.3 (docs/decisions/0033-roles.md, "Category scoping"): a scoped moderator's event stream
 * carries only their categories' ads (decisions and claims), with their categories' counts, live
 * and when it resumes.
 */
describeApi('roles: a scoped moderator’s event stream', () => {
  let t: TestApp;
  let base = '';
  let moderator = '';
  let administrator = '';
  const heartbeat = manualEvery();
  const open: EventStream[] = [];
  const stream = async (cookie: string, lastEventId?: string) => {
    const s = await openEventStream(base, cookie, lastEventId);
    open.push(s);
    return s;
  };
  const claim = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/advertisements/${id}/claim`,
      headers: { origin: ORIGIN, cookie: administrator },
    });

  beforeAll(async () => {
    t = await buildTestApp({ live: { every: heartbeat.every } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const scoped = await makeAdmin(t.database.db, { role: 'moderator', categories: ['Jobs'] });
    moderator = await signIn(t.app, scoped.email);
    administrator = await signIn(t.app, (await makeAdmin(t.database.db)).email);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t?.close());

  it('sends only their categories’ ads, with their counts; everyone else gets every ad', async () => {
    const mine = await stream(moderator);
    const all = await stream(administrator);
    const jobs = await makeAd(t.database.db, { category: 'Jobs', status: 'pending' });
    const vehicles = await makeAd(t.database.db, { category: 'Vehicles', status: 'pending' });
    await mine.waitForEvent((e) => e.id === jobs.id && e.type === 'created');
    await all.waitForEvent((e) => e.id === vehicles.id && e.type === 'created');
    const resumeFrom = mine.lastId();
    expect((await claim(vehicles.id)).statusCode).toBe(200);
    expect((await adminClient(t.app, administrator).approve(vehicles.id)).statusCode).toBe(200);
    expect((await adminClient(t.app, administrator).approve(jobs.id)).statusCode).toBe(200);

    // Events come in order: once the last one is here, the earlier ones would have been too.
    const decided = await mine.waitForEvent((e) => e.id === jobs.id && e.type === 'moderated');
    expect(mine.events().filter((e) => e.id === vehicles.id)).toEqual([]);
    // Only their ids: a reconnect resumes after them.
    expect(mine.frames.some((f) => f.id !== undefined && f.event === undefined && f.data === undefined)).toBe(true);
    const list = await t.app.inject({
      url: '/api/advertisements/list?status=all',
      headers: { origin: ORIGIN, cookie: moderator },
    });
    expect(decided.counts).toEqual(list.json().counts);

    await all.waitForEvent((e) => e.id === jobs.id && e.type === 'moderated');
    expect(
      all
        .events()
        .filter((e) => e.id === vehicles.id)
        .map((e) => e.type),
    ).toEqual(['created', 'claimed', 'moderated']);
    expect(all.events().at(-1)!.counts.total).toBeGreaterThan(decided.counts.total);

    // Resuming replays from the table, passing over the same events.
    const again = await stream(moderator, resumeFrom);
    await again.waitForEvent((e) => e.id === jobs.id && e.type === 'moderated');
    expect(again.events().map((e) => e.id)).toEqual([jobs.id]);
  });
});
