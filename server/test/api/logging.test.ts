import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPglite } from '../../src/db/client';
import { DEFAULT_PASSWORD, makeAdmin } from '../support/factories';
import { ORIGIN, testDb } from '../support/test-app';

// Logging does not depend on the database: run once, on PGlite.
describe.skipIf(testDb !== 'pglite')('logs', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('never hold the password, the cookie or the token', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-log-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const database = await openPglite(undefined);
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: dataDir, LOG_LEVEL: 'trace' });
    const app = await buildApp({ config, database, logStream: { write: (l) => lines.push(l) } });
    const admin = await makeAdmin(database.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN },
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    await app.inject({ url: '/api/auth/session', headers: { cookie: `sid=${token}` } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN },
      payload: { email: admin.email, password: 'a-wrong-secret' },
    });
    await app.close();
    await database.close();
    const log = lines.join('');
    expect(log).toContain('/api/auth/signin');
    expect(log).not.toContain(DEFAULT_PASSWORD);
    expect(log).not.toContain('a-wrong-secret');
    expect(log).not.toContain(token);
  });

  it("write no line for a public report's answer at info, and still the error of one that fails", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-log-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const database = await openPglite(undefined);
    const token = 'public-site-token-0123456789';
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: dataDir, LOG_LEVEL: 'info', PUBLIC_REPORT_TOKENS: token });
    const app = await buildApp({ config, database, logStream: { write: (l) => lines.push(l) } });
    const report = () =>
      app.inject({
        method: 'POST',
        url: '/api/public/reports',
        headers: { authorization: `Bearer ${token}` },
        payload: { kind: 'bug', reason: 'other', text: 'Search is broken' },
      });
    expect((await report()).statusCode).toBe(201);
    await app.inject({ url: '/api/health' });
    expect(lines.some((l) => l.includes('/api/health'))).toBe(true);
    expect(lines.filter((l) => l.includes('/api/public/reports') || l.includes('"statusCode":201'))).toEqual([]);
    await database.db.execute(sql`create function refuse_reports() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await database.db.execute(sql`create trigger refuse_reports before insert on reports
      for each row execute function refuse_reports()`);
    expect((await report()).statusCode).toBe(500);
    await app.close();
    await database.close();
    expect(lines.filter((l) => l.includes('refused by the test'))).not.toEqual([]);
  });
});
