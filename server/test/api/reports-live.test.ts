import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { REPORT_STREAM_EVENT, type AdLiveEvent } from '@backoffice/contract';
import { manualEvery, openEventStream, type EventStream } from '../support/event-stream';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const TOKEN = 'public-site-token-0123456789';

/**
 * The inbox's live updates (docs/decisions/0034-reports.md): a report that arrives or is handled is
 * a `report` frame on GET /api/events, written in the report's transaction and sent after commit.
 */
describeApi('reports on the live stream', () => {
  let t: TestApp;
  let base = '';
  let handler = { id: '', name: '', cookie: '' };
  let watcherCookie = '';
  const heartbeat = manualEvery();
  const open: EventStream[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_REPORT_TOKENS: TOKEN, MESSAGE_WORKER: 'false' },
      live: { every: heartbeat.every },
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const a = await makeAdmin(t.database.db, { name: 'Kamala Silva' });
    handler = { id: a.id, name: a.name!, cookie: await signIn(t.app, a.email) };
    const b = await makeAdmin(t.database.db);
    watcherCookie = await signIn(t.app, b.email);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t?.close());

  const reportFrames = (s: EventStream) =>
    s.frames
      .filter((f) => f.event === REPORT_STREAM_EVENT && f.data)
      .map((f) => ({ ...(JSON.parse(f.data!) as AdLiveEvent), seq: Number(f.id) }));
  const waitForReport = (s: EventStream, match: (e: AdLiveEvent) => boolean) =>
    waitFor(() => reportFrames(s).find(match));
  const submit = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/reports',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { reason: 'scam', text: 'Fake', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it('sends a new report, its repeat and its resolution to another admin, as `report` frames after commit', async () => {
    const s = await openEventStream(base, watcherCookie);
    open.push(s);
    const ad = await makeAd(t.database.db, { status: 'pending' });
    const id = await submit({ kind: 'ad', adId: ad.id, reporter: { email: 'a@example.lk', address: '203.0.113.1' } });
    const arrived = await waitForReport(s, (e) => e.id === id);
    expect(arrived).toMatchObject({ type: 'report', id, by: null });
    expect(Number.isInteger(arrived.seq) && arrived.seq > 0).toBe(true);

    // The same reporter again the same day: counted once more, announced again.
    expect(await submit({ kind: 'ad', adId: ad.id, reporter: { email: 'a@example.lk', address: '203.0.113.1' } })).toBe(
      id,
    );
    await waitFor(() => reportFrames(s).filter((e) => e.id === id).length === 2 || undefined);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/reports/${id}`,
      headers: { cookie: handler.cookie, origin: 'http://localhost' },
      payload: { state: 'resolved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = await waitForReport(s, (e) => e.id === id && e.by?._id === handler.id);
    expect(resolved.by).toEqual({ _id: handler.id, name: handler.name });
    // Never an `ad` frame: the ads' caches are not told of reports.
    expect(s.events().some((e) => (e.type as string) === 'report')).toBe(false);
  });

  it("sends a bug report and the Reported view's dismissal of an ad's reports", async () => {
    const s = await openEventStream(base, watcherCookie);
    open.push(s);
    const bug = await submit({ kind: 'bug', page: '/search', reporter: { address: '203.0.113.2' } });
    await waitForReport(s, (e) => e.id === bug);

    const ad = await makeAd(t.database.db, { status: 'approved' });
    const first = await submit({
      kind: 'ad',
      adId: ad.id,
      reporter: { email: 'b@example.lk', address: '203.0.113.3' },
    });
    const second = await submit({
      kind: 'ad',
      adId: ad.id,
      reporter: { email: 'c@example.lk', address: '203.0.113.4' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/advertisements/${ad.id}/dismiss-reports`,
      headers: { cookie: handler.cookie, origin: 'http://localhost' },
    });
    expect(res.json()).toMatchObject({ dismissed: 2 });
    for (const id of [first, second]) await waitForReport(s, (e) => e.id === id && e.by?._id === handler.id);
  });

  it('sends nothing for a refused report', async () => {
    const s = await openEventStream(base, watcherCookie);
    open.push(s);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/reports',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { kind: 'ad', adId: '00000000-0000-4000-8000-000000000000', reason: 'scam', text: 'Fake' },
    });
    expect(res.statusCode).toBe(404);
    // A later report's frame is the first one this stream gets: the refused one wrote nothing.
    const bug = await submit({ kind: 'bug', reporter: { address: '203.0.113.5' } });
    await waitForReport(s, (e) => e.id === bug);
    expect(reportFrames(s).map((e) => e.id)).toEqual([bug]);
  });
});
