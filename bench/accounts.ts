/**
 * `npm run bench:accounts`: the figures of issue 36 (docs/decisions/0032-two-factor.md, 0033-roles.md).
 * 1. Sign-in with password and TOTP (POST /api/auth/signin, then /api/auth/signin/2fa with the
 *    authenticator's code) at --concurrency (10) sign-ins in flight for --seconds, each by an
 *    enrolled administrator whose code of the current step is still unused (a code is accepted
 *    once). Target: p95 < 400 ms, argon2id settings unchanged.
 * 2. The ads list's p95 at --connections (10) as an administrator and as a moderator of every
 *    category (the same rows; the moderator's request passes the permission table's checks), each
 *    connection taking the roles in turn request by request, for --rounds rounds of --list-seconds
 *    each. Target: the moderator's p95 (median of the rounds) within 1.02× of the administrator's.
 * In process (`buildApp` on a throwaway PostgreSQL cluster on loopback, --ads ads); appends to
 * bench/RESULTS.md unless --no-record.
 *
 *   npm run bench:accounts -- [--admins 400] [--concurrency 10] [--seconds 20] [--ads 100000]
 *     [--connections 10] [--list-seconds 5] [--rounds 3] [--no-record]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPostgres } from '../server/src/db/client';
import { createAdmin } from '../server/src/modules/users/admin-accounts';
import { bulkSeedAds } from '../server/src/seed/bulk-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';

const { values: args } = parseArgs({
  options: {
    admins: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    ads: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    'list-seconds': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'no-record': { type: 'boolean', default: false },
  },
});
const ADMINS = Number(args.admins);
const CONCURRENCY = Number(args.concurrency);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const LIST_SECONDS = Number(args['list-seconds']);
const ROUNDS = Number(args.rounds);
const PASSWORD = 'bench-admin-password';
const ORIGIN = 'http://localhost';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
};
const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const step = () => Math.floor(Date.now() / 30_000);

type App = Awaited<ReturnType<typeof buildApp>>;

async function post(app: App, url: string, payload: object, cookie?: string, address = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** Each admin enrolled through the API: sign in, set up, confirm with the first code. */
async function enrol(app: App, email: string): Promise<{ email: string; secret: string; lastStep: number }> {
  const signIn = await post(app, '/api/auth/signin', { email, password: PASSWORD });
  const sid = cookieOf(signIn.headers['set-cookie'], 'sid');
  if (!sid) throw new Error(`sign-in before enrolment: ${signIn.statusCode} ${signIn.body}`);
  const setup = await post(app, '/api/auth/2fa/totp/setup', {}, sid);
  const { secret } = setup.json() as { secret: string };
  const confirm = await post(app, '/api/auth/2fa/totp/confirm', { code: await generate({ secret }) }, sid);
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { email, secret, lastStep: step() };
}

async function signInWithTotp(app: App, admin: { email: string; secret: string }, n: number): Promise<void> {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const first = await post(app, '/api/auth/signin', { email: admin.email, password: PASSWORD }, undefined, address);
  const pending = cookieOf(first.headers['set-cookie'], 'bo_pending');
  if (first.statusCode !== 200 || !pending) throw new Error(`sign-in: ${first.statusCode} ${first.body}`);
  const second = await post(
    app,
    '/api/auth/signin/2fa',
    { code: await generate({ secret: admin.secret }) },
    pending,
    address,
  );
  if (second.statusCode !== 200) throw new Error(`second step: ${second.statusCode} ${second.body}`);
}

async function signIns(app: App, admins: { email: string; secret: string; lastStep: number }[], seconds = SECONDS) {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  let next = 0;
  // An admin whose code of this step is unused (a code is accepted once).
  const take = () => {
    for (let tries = 0; tries < admins.length; tries++) {
      const a = admins[next++ % admins.length]!;
      if (a.lastStep < step()) {
        a.lastStep = step();
        return a;
      }
    }
    return undefined;
  };
  let waited = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const admin = take();
        if (!admin) {
          waited++;
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        const t0 = performance.now();
        await signInWithTotp(app, admin, ++n);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, waited };
}

type Role = 'administrator' | 'moderator';

/**
 * The ads list at CONNECTIONS requests in flight for LIST_SECONDS. Each connection takes the roles
 * in turn, request by request, so both roles' requests meet the same moment of the machine (rounds
 * of one role each measured the drift between rounds as much as the roles).
 */
async function listLoad(app: App, cookies: Record<Role, string>, url: string): Promise<Record<Role, number[]>> {
  const times: Record<Role, number[]> = { administrator: [], moderator: [] };
  const deadline = performance.now() + LIST_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; performance.now() < deadline; i++) {
        const role: Role = i % 2 ? 'moderator' : 'administrator';
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie: cookies[role] } });
        if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
        times[role].push(performance.now() - t0);
      }
    }),
  );
  return times;
}

async function main() {
  const cluster = await startBenchCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-accounts-'));
  const database = await openPostgres(cluster.url);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: cluster.url,
    REQUIRE_2FA: 'false',
  });
  const app = await buildApp({ config, database, logger: false, signInPerMinute: 1_000_000 });
  await app.ready();
  try {
    const ads = Number(args.ads);
    await bulkSeedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), { count: ads });
    await database.db.execute(sql`vacuum analyze`);
    const admins = [];
    for (let i = 0; i < ADMINS; i++) {
      const { email } = await createAdmin(database.db, { email: `admin${i}@bench.lk`, password: PASSWORD });
      admins.push(await enrol(app, email));
    }
    // Each confirmation used its step's code: start at the next step, warm up with a few admins, then measure.
    const enrolled = Math.max(...admins.map((a) => a.lastStep));
    while (step() <= enrolled) await new Promise((r) => setTimeout(r, 200));
    await signIns(app, admins.slice(0, Math.min(10, admins.length >> 1)), 2);
    const { times, waited } = await signIns(app, admins);

    // Part 2: an administrator against a moderator (every category, so the same rows), taking turns.
    const { email: modEmail } = await createAdmin(database.db, { email: 'moderator@bench.lk', password: PASSWORD });
    await database.db.execute(sql`update users set role = 'moderator' where email = ${modEmail}`);
    const cookieFor = async (email: string) => {
      const res = await post(app, '/api/auth/signin', { email, password: PASSWORD }, undefined, '10.9.9.9');
      const sid = cookieOf(res.headers['set-cookie'], 'sid');
      if (!sid) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
      return sid;
    };
    const adminCookie = await cookieFor('bench-list-admin@bench.lk').catch(async () => {
      await createAdmin(database.db, { email: 'bench-list-admin@bench.lk', password: PASSWORD });
      return cookieFor('bench-list-admin@bench.lk');
    });
    const modCookie = await cookieFor(modEmail);
    const list = '/api/advertisements/list?status=pending';
    const cookies: Record<Role, string> = { administrator: adminCookie, moderator: modCookie };
    await listLoad(app, cookies, list);
    const byRole: Record<Role, number[]> = { administrator: [], moderator: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const times = await listLoad(app, cookies, list);
      for (const role of ['administrator', 'moderator'] as const) byRole[role].push(pct(times[role], 0.95));
    }
    const median = (xs: number[]) => pct(xs, 0.5);
    const ratio = median(byRole.moderator) / median(byRole.administrator);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — two-factor sign-in and the permission check (issue 36)`,
      '',
      `Command: \`npm run bench:accounts -- ${process.argv.slice(2).join(' ')}\`. Machine: ${os.cpus().length} cores, ${cpu}, ` +
        `Node ${process.version}. In process (app.inject) on PostgreSQL 15 with ${ads.toLocaleString('en')} ads (bulk seed).`,
      '',
      '| measure | n | p50 ms | p95 ms | target | met |',
      '| --- | ---: | ---: | ---: | --- | --- |',
      `| sign-in with password and TOTP, ${CONCURRENCY} in flight | ${times.length} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | p95 < 400 | ${pct(times, 0.95) < 400 ? 'yes' : 'no'} |`,
      `| ads list (pending) as administrator, ${CONNECTIONS} connections (the roles in turn), p95 per round | ${ROUNDS} rounds | — | ${byRole.administrator.map((x) => x.toFixed(1)).join(' / ')} | baseline | — |`,
      `| ads list (pending) as a moderator, p95 per round | ${ROUNDS} rounds | — | ${byRole.moderator.map((x) => x.toFixed(1)).join(' / ')} | ≤ 1.02× | ${ratio <= 1.02 ? 'yes' : 'no'} (${ratio.toFixed(3)}×) |`,
      '',
      `Sign-ins waited for an admin with an unused code ${waited} times (50 ms each).`,
    ].join('\n');
    if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text + '\n');
    console.log(text);
  } finally {
    await app.close();
    await database.close();
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
