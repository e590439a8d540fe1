import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { openPostgres, rowsOf } from '../../src/db/client';
import { lockThrottleKeys } from '../../src/modules/auth/sessions-repository';
import { DEFAULT_PASSWORD, makeAdmin, makeUser } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, testDb, type TestApp } from '../support/test-app';

const MINUTE = 60_000;

/**
 * Sign-in throttling under attack (docs/SECURITY.md): parallel bursts, a stranger trying to lock the
 * real admin out, and a distributed attack on one account. Every burst is sent at once, so a
 * throttle that reads the count, verifies the password and only then records the failure lets
 * most of the burst through.
 */
describeApi('sign-in throttling under parallel and distributed attempts', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'warn' }, logStream: { write: (line) => logLines.push(line) } });
  });
  afterAll(() => t?.close());

  // Every test uses addresses of its own, so that the per-address limit of one never reaches another.
  let nextNet = 0;
  const addresses = (n: number) => {
    nextNet++;
    return Array.from({ length: n }, (_, i) => `10.${nextNet}.0.${i + 1}`);
  };

  const attempt = (email: string, password: string, ip: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: ORIGIN },
        payload: { email, password },
        remoteAddress: ip,
      })
      .then((res) => ({ status: res.statusCode, body: res.json(), ip, password }));

  const countOf = (results: { status: number }[], status: number) => results.filter((r) => r.status === status).length;

  it('checks at most 5 of 30 parallel wrong passwords for one email from one address', async () => {
    const admin = await makeAdmin(t.database.db);
    const [ip] = addresses(1);
    const results = await Promise.all(Array.from({ length: 30 }, () => attempt(admin.email, 'wrong-password', ip!)));
    expect(countOf(results, 401)).toBeLessThanOrEqual(5);
    expect(countOf(results, 429)).toBe(30 - countOf(results, 401));
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ success: false, message: 'Too many sign-in attempts. Try again in 15 minutes.' });
  });

  it('checks at most 5 per address and 50 in all of 80 parallel wrong passwords from 10 addresses', async () => {
    const admin = await makeAdmin(t.database.db);
    const ips = addresses(10);
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => attempt(admin.email, 'wrong-password', ips[i % 10]!)),
    );
    for (const ip of ips)
      expect(
        countOf(
          results.filter((r) => r.ip === ip),
          401,
        ),
      ).toBeLessThanOrEqual(5);
    expect(countOf(results, 401)).toBeLessThanOrEqual(50);
    expect(countOf(results, 429)).toBe(80 - countOf(results, 401));
  });

  it('never checks more than 5 passwords of a burst of 30 wrong ones with the right one in the middle', async () => {
    const admin = await makeAdmin(t.database.db);
    const [ip] = addresses(1);
    const passwords = Array.from({ length: 31 }, (_, i) => (i === 15 ? DEFAULT_PASSWORD : 'wrong-password'));
    const results = await Promise.all(passwords.map((p) => attempt(admin.email, p, ip!)));
    // Only an attempt admitted among the first five may reach the password check, the right one included.
    expect(countOf(results, 401) + countOf(results, 200)).toBeLessThanOrEqual(5);
    expect(countOf(results, 429)).toBeGreaterThanOrEqual(26);
  });

  it("refuses a non-admin's right password (403) without counting it as a failed attempt", async () => {
    const advertiser = await makeUser(t.database.db);
    const [ip] = addresses(1);
    // More than the pair's limit of 5: counted as failures, the sixth would be a 429.
    for (let i = 0; i < 7; i++) {
      const res = await attempt(advertiser.email, DEFAULT_PASSWORD, ip!);
      expect([i, res.status, res.body.message]).toEqual([i, 403, messages.signIn.noAdminAccess]);
    }
    const [counted] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sign_in_failures where email = ${advertiser.email}`,
      ),
    );
    expect(counted!.n).toBe(0);
    // A wrong password for the same account is still a failure: five are checked, then 429.
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push((await attempt(advertiser.email, 'wrong-password', ip!)).status);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("does not let a stranger's failures from one address lock the admin out from another", async () => {
    const admin = await makeAdmin(t.database.db);
    for (let i = 0; i < 5; i++) expect((await attempt(admin.email, 'wrong-password', '127.0.0.2')).status).toBe(401);
    const stranger = await attempt(admin.email, DEFAULT_PASSWORD, '127.0.0.2');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect((await attempt(admin.email, DEFAULT_PASSWORD, '127.0.0.3')).status).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, '127.0.0.2')).status).toBe(200);
  });

  it('checks at most 20 of 30 parallel attempts on 30 emails from one address', async () => {
    const admin = await makeAdmin(t.database.db);
    const [ip, other] = addresses(2);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`guess${i}.${ip}@example.lk`, 'wrong-password', ip!)),
    );
    expect(countOf(results, 401)).toBe(20);
    expect(countOf(results, 429)).toBe(10);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, ip!)).status).toBe(429);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, other!)).status).toBe(200);
  });

  it('refuses one account for an hour after 50 failures from many addresses, and logs it at warn level', async () => {
    const admin = await makeAdmin(t.database.db);
    const ips = addresses(21);
    const attackers = ips.slice(0, 20);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(admin.email, `wrong-password-${i}`, attackers[i % 20]!)),
    );
    expect(countOf(results, 401)).toBe(50);
    expect(countOf(results, 429)).toBe(10);

    const blocked = await attempt(admin.email, DEFAULT_PASSWORD, ips[20]!);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many sign-in attempts. Try again in 60 minutes.');

    const warnings = logLines.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && l.email === admin.email);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/sign-in/i);
    expect(logLines.join('')).not.toMatch(/wrong-password|correct-horse/);

    t.clock.advance(45 * MINUTE);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, ips[20]!)).body.message).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
    t.clock.advance(15 * MINUTE);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, ips[20]!)).status).toBe(200);
  });
  // The CI run of b1eb6f9 beside two others: 8 of 80 parallel attempts on one account waited over
  // 5 s for a pool connection (503), every connection held by an attempt waiting for the account's lock.
  it.runIf(testDb === 'postgres')(
    "keeps the pool for others' requests while a burst on one account waits for that account's lock",
    async () => {
      const admin = await makeAdmin(t.database.db);
      const other = await makeAdmin(t.database.db);
      const ips = addresses(13);
      // The account's lock, held elsewhere (as another instance's attempt would hold it).
      const elsewhere = await openPostgres(t.database.url!, 1);
      let release!: () => void;
      let locked!: () => void;
      const taken = new Promise<void>((resolve) => (locked = resolve));
      const held = elsewhere.db.transaction(async (tx) => {
        await lockThrottleKeys(tx, [`account:${admin.email}`]);
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await taken;
      const watcher = new pg.Client({ connectionString: t.database.url! });
      await watcher.connect();
      try {
        // More attempts than the test pool's 5 connections, each from an address of its own.
        const burst = Promise.all(ips.slice(0, 12).map((ip) => attempt(admin.email, 'wrong-password', ip)));
        const waiting = async () =>
          (await watcher.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`))
            .rows[0].n as number;
        while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));

        // Another admin's sign-in is answered while the burst waits (it was a 503 after 5 s).
        expect((await attempt(other.email, 'wrong-password', ips[12]!)).status).toBe(401);
        release();
        await held;
        expect((await burst).map((r) => r.status)).toEqual(Array(12).fill(401));
      } finally {
        release?.();
        await held.catch(() => undefined);
        await watcher.end();
        await elsewhere.close();
      }
    },
  );
});
