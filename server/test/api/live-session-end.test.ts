import { eq } from 'drizzle-orm';
import { STREAM_EVENTS } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualEvery, openEventStream, quietPair, type EventStream } from '../support/event-stream';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, testDb, type TestApp } from '../support/test-app';
import { editBody, usersClient } from '../support/users-factories';
import { sessions } from '../../src/db/schema';

/** Ended by the server with `event: signed-out`, and the next connection is refused as a browser's would be. */
async function expectSignedOut(s: EventStream, base: string, cookie: string) {
  await s.ended();
  expect(s.frames.at(-1)).toMatchObject({ event: STREAM_EVENTS.signedOut });
  const again = await openEventStream(base, cookie);
  again.close();
  expect(again.status).toBe(401);
}

/** Issue 38.1: an open stream ends within seconds of its session, whatever ended it. */
describeApi('an event stream ends with its session (docs/decisions/0026-live-streams-and-sessions.md)', () => {
  let t: TestApp;
  let base = '';
  // Nothing ticks unless a test does: what ends the streams below is the NOTIFY sent with the sessions' end.
  const timers = manualEvery();
  const open: EventStream[] = [];
  const stream = async (cookie: string) => {
    const s = await openEventStream(base, cookie);
    open.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp({ live: { every: timers.every } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t?.close());

  it('on sign-out, while a stream of another session goes on', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const other = await signIn(t.app, admin.email);
    const s = await stream(cookie);
    const kept = await stream(other);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/signout', headers: { cookie, origin: ORIGIN } });
    expect(out.statusCode).toBe(200);
    await expectSignedOut(s, base, cookie);
    expect(t.app.live.size).toBe(1);
    expect(kept.frames.some((f) => f.event === STREAM_EVENTS.signedOut)).toBe(false);
  });

  it('when another admin takes the admin rights away', async () => {
    const [boss, demoted] = [await makeAdmin(t.database.db), await makeAdmin(t.database.db)];
    const cookie = await signIn(t.app, demoted.email);
    const s = await stream(cookie);
    const res = await usersClient(t.app, await signIn(t.app, boss.email)).update(
      demoted.id,
      editBody(demoted, { isAdmin: false }),
    );
    expect(res.statusCode).toBe(200);
    await expectSignedOut(s, base, cookie);
  });

  it('when another admin deletes the account', async () => {
    const [boss, gone] = [await makeAdmin(t.database.db), await makeAdmin(t.database.db)];
    const cookie = await signIn(t.app, gone.email);
    const s = await stream(cookie);
    expect((await usersClient(t.app, await signIn(t.app, boss.email)).remove(gone.id)).statusCode).toBe(200);
    await expectSignedOut(s, base, cookie);
  });

  it('at the end of its absolute lifetime, at the next check of the sessions (60 s: over at 75 s)', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    // As SESSION_TTL_HOURS=0.0167 would have made it: a session of 60 s.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock().getTime() + 60_000) })
      .where(eq(sessions.userId, admin.id));
    const s = await stream(cookie);
    t.clock.advance(45_000);
    timers.tick();
    await t.app.live.checkSessions();
    expect(s.frames.some((f) => f.event === STREAM_EVENTS.signedOut)).toBe(false);
    t.clock.advance(30_000);
    timers.tick();
    await expectSignedOut(s, base, cookie);
  });

  it('after 30 minutes without use, as a request would find it', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const s = await stream(cookie);
    t.clock.advance(29 * 60_000);
    await t.app.live.checkSessions();
    expect(s.frames.some((f) => f.event === STREAM_EVENTS.signedOut)).toBe(false);
    t.clock.advance(60_000);
    timers.tick();
    await expectSignedOut(s, base, cookie);
  });
});

describe.skipIf(testDb !== 'postgres')('a sign-out on one instance', () => {
  let a: TestApp;
  let b: TestApp;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ends the session’s stream on another instance (NOTIFY, no timer)', async () => {
    const pair = await quietPair();
    ({ a, b } = pair);
    const { baseB } = pair;
    const admin = await makeAdmin(a.database.db);
    const cookie = await signIn(a.app, admin.email);
    const onB = await openEventStream(baseB, cookie);
    try {
      const out = await a.app.inject({ method: 'POST', url: '/api/user/signout', headers: { cookie, origin: ORIGIN } });
      expect(out.statusCode).toBe(200);
      await expectSignedOut(onB, baseB, cookie);
    } finally {
      onB.close();
    }
  });
});
