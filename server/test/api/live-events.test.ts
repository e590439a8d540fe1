import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdLiveEvent } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { manualEvery, openEventStream, quietPair, type EventStream } from '../support/event-stream';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';
import { advertisements } from '../../src/db/schema';

describeApi('GET /api/events (docs/decisions/0017-live-queue-and-claims.md)', () => {
  let t: TestApp;
  let base = '';
  let cookie = '';
  let adminName = '';
  let adminId = '';
  const heartbeat = manualEvery();
  const open: EventStream[] = [];
  const stream = async (lastEventId?: string) => {
    const s = await openEventStream(base, cookie, lastEventId);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp({ live: { every: heartbeat.every } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    adminName = admin.name!;
    adminId = admin.id;
    cookie = await signIn(t.app, admin.email);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t?.close());

  it('sends an approve as a `moderated` event with its admin and the counts after it', async () => {
    const ad = await makeAd(t.database.db, { status: 'pending' });
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect((await adminClient(t.app, cookie).approve(ad.id)).statusCode).toBe(200);
    const event = await s.waitForEvent((e) => e.id === ad.id && e.type === 'moderated');
    const list = (await adminClient(t.app, cookie).list()).json();
    expect(event).toMatchObject({
      type: 'moderated',
      id: ad.id,
      status: 'approved',
      claim: null,
      by: { _id: adminId, name: adminName },
      counts: list.counts,
    });
    expect(Number.isInteger(event.seq) && event.seq > 0).toBe(true);
  });

  it('sends the public site’s new ads, deletions and image changes, each once', async () => {
    const s = await stream();
    const ad = await makeAd(t.database.db, { status: 'pending', images: ['ads/a.png', 'ads/b.png'] });
    const created = await s.waitForEvent((e) => e.id === ad.id && e.type === 'created');
    expect(created).toMatchObject({ status: 'pending', by: null });
    const client = adminClient(t.app, cookie);
    expect((await client.images(ad.id, ['ads/a.png'])).statusCode).toBe(200);
    expect(await s.waitForEvent((e) => e.id === ad.id && e.type === 'images_updated')).toMatchObject({
      by: { _id: adminId, name: adminName },
    });
    expect((await client.remove(ad.id)).statusCode).toBe(200);
    const deleted = await s.waitForEvent((e) => e.id === ad.id && e.type === 'deleted');
    expect(deleted).toMatchObject({ by: { _id: adminId, name: adminName }, claim: null });
    const mine = s.events().filter((e) => e.id === ad.id);
    expect(mine.map((e) => e.type)).toEqual(['created', 'images_updated', 'deleted']);
    const seqs = s.events().map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('sends claims taken and released, with the claim, and a decision ends the claim', async () => {
    const s = await stream();
    const ad = await makeAd(t.database.db, { status: 'pending' });
    const client = adminClient(t.app, cookie);
    const claimed = await client.send('POST', `/api/advertisements/${ad.id}/claim`, {});
    expect(await s.waitForEvent((e) => e.id === ad.id && e.type === 'claimed')).toMatchObject({
      status: 'pending',
      by: { _id: adminId, name: adminName },
      claim: claimed.json().claim,
    });
    await client.send('DELETE', `/api/advertisements/${ad.id}/claim`);
    expect(await s.waitForEvent((e) => e.id === ad.id && e.type === 'released')).toMatchObject({
      by: { _id: adminId, name: adminName },
      claim: null,
    });
    await client.send('POST', `/api/advertisements/${ad.id}/claim`, {});
    await client.approve(ad.id);
    await s.waitForEvent((e) => e.id === ad.id && e.type === 'moderated');
    // The decision ended the claim without a `released` event of its own.
    expect(
      s
        .events()
        .filter((e) => e.id === ad.id)
        .map((e) => e.type),
    ).toEqual(['created', 'claimed', 'released', 'claimed', 'moderated']);
  });

  it('replays the events missed while disconnected exactly once after Last-Event-ID, then goes on live', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => makeAd(t.database.db, { status: 'pending' })));
    const client = adminClient(t.app, cookie);
    const first = await stream();
    await client.approve(a!.id);
    await first.waitForEvent((e) => e.id === a!.id && e.type === 'moderated');
    const lastId = first.lastId()!;
    first.close();
    await waitFor(() => t.app.live.size === 0);

    await client.approve(b!.id);
    await client.reject(c!.id, 'Duplicate advertisement');
    const again = await stream(lastId);
    await again.waitForEvent((e) => e.id === c!.id && e.type === 'moderated');
    await client.approve(d!.id);
    await again.waitForEvent((e) => e.id === d!.id);
    const got = again.events();
    expect(got.map((e) => [e.id, e.type])).toEqual([
      [b!.id, 'moderated'],
      [c!.id, 'moderated'],
      [d!.id, 'moderated'],
    ]);
    expect(got.every((e) => e.seq > Number(lastId))).toBe(true);
  });

  it('writes a heartbeat comment on each beat of its timer', async () => {
    const s = await stream();
    await waitFor(() => s.frames.length > 0);
    expect(s.frames.some((f) => f.comment === 'heartbeat')).toBe(false);
    heartbeat.tick();
    await waitFor(() => s.frames.some((f) => f.comment === 'heartbeat'));
  });

  it('forgets a stream whose client went away', async () => {
    const s = await stream();
    await waitFor(() => s.frames.length > 0);
    expect(t.app.live.size).toBe(1);
    s.close();
    await waitFor(() => t.app.live.size === 0);
  });

  it('refuses anonymous callers', async () => {
    const s = await stream();
    void s;
    const anonymous = await openEventStream(base, '');
    open.push(anonymous);
    expect(anonymous.status).toBe(401);
  });
});

describeApi('the event stream on app.close()', () => {
  it('ends open streams, so that closing does not wait for their clients', async () => {
    const t = await buildTestApp();
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await makeAdmin(t.database.db);
    const s = await openEventStream(base, await signIn(t.app, admin.email));
    await waitFor(() => s.frames.length > 0);
    await t.close();
    await s.ended();
  });
});

describe.skipIf(testDb !== 'postgres')('two server instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("delivers an approve on instance A to a stream on instance B, and B's back to A", async () => {
    const pair = await quietPair();
    ({ a, b } = pair);
    const { baseA, baseB } = pair;
    const admin = await makeAdmin(a.database.db, { name: 'Nimal Perera' });
    const cookie = await signIn(a.app, admin.email);
    const [one, two] = await Promise.all([makeAd(a.database.db), makeAd(a.database.db)]);
    const onB = await openEventStream(baseB, cookie);
    const onA = await openEventStream(baseA, cookie);
    try {
      expect((await adminClient(a.app, cookie).approve(one!.id)).statusCode).toBe(200);
      const event: AdLiveEvent = await onB.waitForEvent((e) => e.id === one!.id && e.type === 'moderated');
      expect(event).toMatchObject({ status: 'approved', by: { _id: admin.id, name: 'Nimal Perera' } });
      expect((await adminClient(b.app, cookie).reject(two!.id, 'Wrong category')).statusCode).toBe(200);
      await onA.waitForEvent((e) => e.id === two!.id && e.type === 'moderated');
      // Both instances number events from the one table: the same ids on both streams.
      await onB.waitForEvent((e) => e.id === two!.id && e.type === 'moderated');
      const ids = (s: typeof onA) => s.events().map((e) => `${e.seq}:${e.id}:${e.type}`);
      expect(ids(onA).slice(-1)).toEqual(ids(onB).slice(-1));
    } finally {
      onA.close();
      onB.close();
    }
  });
});

describeApi('a stream whose client does not read', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is dropped once its unsent events pass the bound, while a reading stream gets every event', async () => {
    t = await buildTestApp({
      live: { every: manualEvery().every, maxBufferedEvents: 1_000 },
    });
    const base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const reader = await openEventStream(base.origin, cookie);

    // A raw client that reads its answer's head and then nothing more.
    const slow = net.connect(Number(base.port), base.hostname);
    let closed = false;
    slow.on('close', () => (closed = true));
    slow.on('error', () => {});
    slow.write(
      `GET /api/events HTTP/1.1\r\nHost: ${base.host}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    const head = await new Promise<string>((resolve) => slow.once('data', (chunk) => resolve(String(chunk))));
    slow.pause();
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    await waitFor(() => t.app.live.size === 2);

    // Loopback's kernel buffers take a few MB of a client that does not read before any output waits
    // in the server: enough events to pass that and the bound, in a few big statements.
    let sent = 0;
    for (let round = 0; round < 12 && t.app.live.size === 2; round++) {
      await t.database.db.insert(advertisements).values(
        Array.from({ length: 2_000 }, (_, i) => ({
          title: `Bulk ${round}-${i}`,
          heading: `Bulk advertisement ${round}-${i}`,
          details: 'Posted in a hurry.',
          username: 'kasun.perera',
          category: 'Land sale',
          district: 'Colombo',
          status: 'pending' as const,
          images: [],
          postingDate: new Date(Date.UTC(2026, 10, 1) + sent + i),
          adType: 'digital' as const,
        })),
      );
      sent += 2_000;
      await waitFor(() => reader.frames.length > sent); // and its first `id:`
    }
    expect(t.app.live.size).toBe(1);
    expect(closed).toBe(false);
    // The reading stream lost nothing meanwhile.
    expect(reader.events().filter((e) => e.type === 'created')).toHaveLength(sent);
    // What the server had sent is still there to read, then the connection ends.
    slow.resume();
    await waitFor(() => closed);
    reader.close();
  }, 180_000);
});
