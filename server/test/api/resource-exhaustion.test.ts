import { sql } from 'drizzle-orm';
import { messages } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { LocalDiskStorage } from '../../src/storage/file-storage';

/** A disk whose reads fail as they do when the process has no file descriptor left. */
class OutOfDescriptors extends LocalDiskStorage {
  failing = false;
  override async read(...args: Parameters<LocalDiskStorage['read']>) {
    if (this.failing)
      throw Object.assign(new Error("EMFILE: too many open files, open 'ads/a.png'"), { code: 'EMFILE' });
    return super.read(...args);
  }
}

/** Issue 38.3: a process or a database out of a resource answers 503 with Retry-After, never 500. */
describeApi('running out of a resource (docs/decisions/0026-live-streams-and-sessions.md)', () => {
  let t: TestApp;
  let storage: OutOfDescriptors;
  let cookie = '';

  beforeAll(async () => {
    t = await buildTestApp({ storage: (dir) => (storage = new OutOfDescriptors(dir)) });
    cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
  });
  afterEach(async () => {
    storage.failing = false;
    await t.database.db.execute(sql`drop trigger if exists test_exhausted on rejection_reasons`);
    await t.database.db.execute(sql`drop function if exists test_exhausted()`);
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After when a file cannot be opened for lack of descriptors (EMFILE)', async () => {
    storage.failing = true;
    const res = await t.app.inject({ url: '/uploads/ads/a.png' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message: messages.server.unavailable });
  });

  it('answers 503 with Retry-After when the database has no connection to spare (53300)', async () => {
    await t.database.db.execute(sql`
      create function test_exhausted() returns trigger language plpgsql as $$
      begin raise exception 'sorry, too many clients already' using errcode = '53300'; end $$`);
    await t.database.db.execute(sql`
      create trigger test_exhausted before insert on rejection_reasons for each row execute function test_exhausted()`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rejection-reasons',
      headers: { cookie, origin: ORIGIN },
      payload: { title: 'Duplicate', text: 'Posted twice.' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message: messages.server.unavailable });
  });
});
