/**
 * `npm run bench:signin`: how long sign-in takes to refuse a wrong password and an unknown email.
 * Both should cost one argon2 verification (docs/decisions/0012-access-control.md), so that the
 * answer's time does not tell whether an account exists. server/test/api/auth.test.ts checks the
 * work (one verification each, the same cost); this measures the time, which a test cannot do
 * reliably on a shared machine.
 *
 * In-process (`app.inject`) on an embedded PGlite, the two kinds taking turns so that a busy spell
 * slows both; each attempt comes from its own address and the wrong passwords are spread over
 * several admins, so that the sign-in throttle never answers instead of the password check. For
 * reference, a third kind skips the stand-in check (what it prevents). Appends to bench/RESULTS.md.
 *
 *   npm run bench:signin -- [--rounds 60]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite } from '../server/src/db/client';
import { standInHash } from '../server/src/lib/passwords';
import { createAdmin } from '../server/src/modules/users/admin-accounts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '60' } } });
const ROUNDS = Number(values.rounds);
const WARM_UP = 5;
/** Failed sign-ins per account stay under the per-account limit (50 an hour). */
const ATTEMPTS_PER_ADMIN = 40;
const PASSWORD = 'bench-admin-password';

type Kind = 'wrong' | 'unknown' | 'skipped';
const LABELS: Record<Kind, string> = {
  wrong: 'wrong password (an admin)',
  unknown: 'unknown email (stand-in check)',
  skipped: 'unknown email, stand-in check skipped (reference)',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-signin-'));
  const database = await openPglite(undefined);
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, signInPerMinute: 1_000_000 });
  await app.ready();
  try {
    const total = WARM_UP + ROUNDS;
    const admins: string[] = [];
    for (let i = 0; i * ATTEMPTS_PER_ADMIN < total; i++) {
      admins.push((await createAdmin(database.db, { email: `admin${i}@bench.lk`, password: PASSWORD })).email);
    }
    const verify = app.auth.checkPassword;
    const standIn = await standInHash();
    let skipStandIn = false;
    app.auth.checkPassword = (stored, password) =>
      skipStandIn && stored === standIn ? Promise.resolve(false) : verify(stored, password);

    let attempt = 0;
    const time = async (kind: Kind, round: number): Promise<number> => {
      attempt++;
      const email = kind === 'wrong' ? admins[Math.floor(round / ATTEMPTS_PER_ADMIN)]! : `nobody${attempt}@bench.lk`;
      skipStandIn = kind === 'skipped';
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: 'http://localhost' },
        remoteAddress: `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`,
        payload: { email, password: 'wrong-password' },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 401) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
      return ms;
    };

    const times: Record<Kind, number[]> = { wrong: [], unknown: [], skipped: [] };
    const kinds: Kind[] = ['wrong', 'unknown', 'skipped'];
    for (let round = 0; round < total; round++) {
      // Rotate the order, so that no kind always follows another.
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(round + k) % kinds.length]!;
        const ms = await time(kind, round);
        if (round >= WARM_UP) times[kind].push(ms);
      }
    }

    const row = (kind: Kind) => {
      const xs = times[kind];
      return `| ${LABELS[kind]} | ${xs.length} | ${median(xs).toFixed(1)} | ${percentile(xs, 90).toFixed(1)} | ${Math.min(...xs).toFixed(1)} |`;
    };
    const ratio = (kind: Kind) => median(times[kind]) / median(times.wrong);
    const date = new Date().toISOString().slice(0, 10);
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const text = [
      `\n## ${date} — sign-in refusals: wrong password against unknown email (issue 38)`,
      '',
      `Command: \`npm run bench:signin -- --rounds ${ROUNDS}\`. Machine: ${os.cpus().length} cores, ${cpu}, Node ${process.version}. ` +
        `In-process (app.inject), PGlite in memory, ${WARM_UP} warm-up rounds not counted; every answer 401.`,
      '',
      '| attempt | n | median ms | p90 ms | fastest ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...kinds.map(row),
      '',
      `Unknown email / wrong password, medians: ${ratio('unknown').toFixed(2)}. ` +
        `Without the stand-in check it would be ${ratio('skipped').toFixed(2)}.`,
    ].join('\n');
    fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text + '\n');
    console.log(text);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
