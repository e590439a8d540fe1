import { STREAM_EVENTS } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../support/ads-helpers';
import { openEventStream, type EventStream } from '../support/event-stream';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { advertisements } from '../../src/db/schema';
import type { Every } from '../../src/modules/live/live-hub';
import { lastSeq } from '../../src/modules/live/live-repository';

const quiet: Every = () => () => {};

/** Issue 38.3: what one cookie can hold open, what one instance holds, and what a resume replays. */
describeApi('bounds of the event streams (docs/decisions/0026-live-streams-and-sessions.md)', () => {
  let t: TestApp;
  let base = '';
  const open: EventStream[] = [];
  const stream = async (cookie: string, lastEventId?: string) => {
    const s = await openEventStream(base, cookie, lastEventId);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    // The shipped defaults (4 a session, 500 events replayed) but for the instance's total, kept small.
    t = await buildTestApp({ env: { LIVE_SERVER_STREAMS: '6' }, live: { every: quiet } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    await waitFor(() => t.app.live.size === 0);
  });
  afterAll(() => t?.close());

  it('keeps a session’s newest 4 streams: each one more closes its oldest with `superseded`', async () => {
    const cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
    const other = await stream(await signIn(t.app, (await makeAdmin(t.database.db)).email));
    const mine: EventStream[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await stream(cookie);
      expect(s.status).toBe(200);
      mine.push(s);
      await waitFor(() => s.frames.length > 0);
    }
    await Promise.all(mine.slice(0, 6).map((s) => s.ended()));
    for (const s of mine.slice(0, 6)) expect(s.frames.at(-1)).toMatchObject({ event: STREAM_EVENTS.superseded });
    expect(t.app.live.size).toBe(5);
    // The newest four and the other admin's still get events.
    const ad = await makeAd(t.database.db, { status: 'pending' });
    for (const s of [...mine.slice(6), other]) await s.waitForEvent((e) => e.id === ad.id);
  });

  it('refuses a stream past the instance’s total with 503 and Retry-After, unless it replaces one of its session', async () => {
    const cookies = await Promise.all([1, 2].map(async () => signIn(t.app, (await makeAdmin(t.database.db)).email)));
    for (const [cookie, n] of [
      [cookies[0]!, 4],
      [cookies[1]!, 2],
    ] as const)
      for (let i = 0; i < n; i++) expect((await stream(cookie)).status).toBe(200);
    await waitFor(() => t.app.live.size === 6);
    const third = await signIn(t.app, (await makeAdmin(t.database.db)).email);
    const refused = await stream(third);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    await refused.ended();
    expect(t.app.live.size).toBe(6);
    // A list request still answers meanwhile.
    expect((await adminClient(t.app, third).list()).statusCode).toBe(200);
    // A session at its own bound may still open one: its oldest makes room.
    const fourth = await stream(cookies[0]!);
    await waitFor(() => fourth.frames.length > 0);
    expect(fourth.status).toBe(200);
    expect(t.app.live.size).toBe(6);
  });

  it('answers a resume further behind than 500 events with one `reload` instead of the events, then goes on live', async () => {
    const cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
    const first = await stream(cookie);
    await waitFor(() => first.lastId() !== undefined);
    const from = first.lastId()!;
    first.close();
    // 600 new ads in one statement: 600 events.
    await t.database.db.insert(advertisements).values(
      Array.from({ length: 600 }, (_, i) => ({
        title: `Bulk ${i}`,
        heading: `Bulk advertisement ${i}`,
        details: 'Posted in a hurry.',
        username: 'kasun.perera',
        category: 'Land sale',
        district: 'Colombo',
        status: 'pending' as const,
        images: [],
        postingDate: new Date(Date.UTC(2026, 10, 1) + i),
        adType: 'digital' as const,
      })),
    );
    // On PostgreSQL the hub numbers committed events when their NOTIFY arrives: resume once it has
    // (before then a resume only sees what is numbered, and replays that).
    await waitFor(async () => (await lastSeq(t.database.db)) >= Number(from) + 600);
    const again = await stream(cookie, from);
    const ad = await makeAd(t.database.db);
    await again.waitForEvent((e) => e.id === ad.id);
    expect(again.frames.filter((f) => f.event === STREAM_EVENTS.reload)).toHaveLength(1);
    expect(again.events().map((e) => e.id)).toEqual([ad.id]);
    // The reload carries an id to resume from, past the events it stands for.
    const reload = again.frames.find((f) => f.event === STREAM_EVENTS.reload)!;
    expect(Number(reload.id)).toBeGreaterThanOrEqual(Number(from) + 600);
  });

  it('replays a resume within the bound, event by event', async () => {
    const cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
    const first = await stream(cookie);
    await waitFor(() => first.lastId() !== undefined);
    const from = first.lastId()!;
    first.close();
    const ads = await Promise.all(Array.from({ length: 20 }, () => makeAd(t.database.db)));
    const again = await stream(cookie, from);
    for (const ad of ads) await again.waitForEvent((e) => e.id === ad.id);
    expect(again.frames.some((f) => f.event === STREAM_EVENTS.reload)).toBe(false);
  });
});
