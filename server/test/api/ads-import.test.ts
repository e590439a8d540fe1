import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { advertisements, users } from '../../src/db/schema';
import { importAds, type ImportOptions } from '../../src/modules/ads-import/ads-import-service';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { images } from '../support/banner-images';
import { makeAdmin, makeUser } from '../support/factories';
import { blackPng } from '../support/image-bombs';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';
import { uploadedFiles } from '../support/uploaded-files';

type Line = Record<string, unknown> & { advertiser?: Record<string, unknown> };
const ad = (n: number, over: Line = {}): Line => ({
  externalId: `ext-${n}`,
  heading: `Toyota Axio 2012 number ${n}`,
  details: 'Well maintained.\nOne owner.',
  category: 'Vehicles',
  district: 'Colombo',
  advertiser: { username: 'kamal', email: 'kamal@example.lk' },
  ...over,
});

/** Issue 33.2: `npm run ads:import`, on the embedded database and on PostgreSQL alike. */
describeApi('ads import', () => {
  let t: TestApp;
  let dir: string;
  let refused: Array<[number, string]>;
  beforeAll(async () => {
    t = await buildTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-import-'));
    fs.mkdirSync(path.join(dir, 'photos'));
    const exif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Nimal' } })
      .toBuffer();
    const files: Record<string, Buffer> = {
      'photos/car.jpg': exif,
      'photos/car.png': images.png(),
      'photos/bomb.png': blackPng(30_000, 30_000),
      'photos/script.jpg': Buffer.from('<script>alert(1)</script>'),
      'secret.png': images.png(),
    };
    for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), data);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    refused = [];
    await t.database.db.execute(sql`delete from advertisements`);
    await t.database.db.execute(sql`delete from users`);
    fs.rmSync(path.join(t.dataDir, 'uploads'), { recursive: true, force: true });
  });

  const write = (name: string, lines: Array<Line | string>) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
    return file;
  };
  const run = (file: string, opts: Partial<ImportOptions> = {}) =>
    importAds({
      db: t.database.db,
      storage: new LocalDiskStorage(path.join(t.dataDir, 'uploads')),
      file,
      imagesDir: path.join(dir, 'photos'),
      onRefused: (line, reason) => refused.push([line, reason]),
      ...opts,
    });
  const ads = () =>
    t.database.db
      .select()
      .from(advertisements)
      .orderBy(advertisements.externalId)
      .then((rows) => rows.map((r) => ({ ...r, externalId: r.externalId! })));

  it('imports good lines pending, creating or reusing the advertiser, with images stored as uploads are', async () => {
    const existing = await makeUser(t.database.db, { username: 'Nimal', email: 'nimal@example.lk' });
    const file = write('good.jsonl', [
      ad(1, { images: ['car.jpg', 'car.png'], price: 5_200_000, adType: 'regular', phone1: '077 123 4567' }),
      ad(2, { title: 'Axio', postingDate: '2026-01-02T03:04:05Z', category: 'vehicles', district: ' nuwara  eliya' }),
      ad(3, { advertiser: { username: 'nimal', email: 'other@example.lk' } }),
      ad(4, { advertiser: { username: 'sunil' } }),
    ]);
    const progress: number[] = [];
    const result = await run(file, { onProgress: (p) => progress.push(p.line) });
    expect(refused).toEqual([]);
    expect(result).toMatchObject({ total: 4, imported: 4, existing: 0, refused: 0 });
    expect(result.stopped).toBeUndefined();
    expect(progress).toEqual([1, 2, 3, 4]);

    const rows = await ads();
    expect(rows.map((r) => [r.externalId, r.status, r.username])).toEqual([
      ['ext-1', 'pending', 'kamal'],
      ['ext-2', 'pending', 'kamal'],
      ['ext-3', 'pending', 'Nimal'],
      ['ext-4', 'pending', 'sunil'],
    ]);
    const [first, second, third] = rows;
    expect([first!.price, first!.adType, first!.phone1, first!.title]).toEqual([
      5_200_000,
      'regular',
      '077 123 4567',
      'Toyota Axio 2012 number 1',
    ]);
    expect([second!.title, second!.category, second!.district, second!.postingDate.toISOString()]).toEqual([
      'Axio',
      'Vehicles',
      'Nuwara Eliya',
      '2026-01-02T03:04:05.000Z',
    ]);
    expect(second!.details).toBe('Well maintained.\nOne owner.');
    // One new account per new username, unverified; an existing one (case aside) is reused as it is.
    expect(third!.userId).toBe(existing.id);
    const accounts = await t.database.db
      .select()
      .from(users)
      .orderBy(sql`lower(${users.username})`);
    expect(accounts.map((u) => [u.username, u.email, u.isVerified, u.isAdmin])).toEqual([
      ['kamal', 'kamal@example.lk', false, false],
      ['Nimal', 'nimal@example.lk', existing.isVerified, false],
      ['sunil', 'sunil@imported.invalid', false, false],
    ]);
    expect(first!.userId).toBe(second!.userId);

    // Images under ads/ with their thumbnails, published (no temporary file), EXIF taken out.
    expect(first!.images).toHaveLength(2);
    expect(first!.images[0]).toMatch(/^ads\/[0-9a-f-]{36}\.jpg$/);
    expect(first!.images[1]).toMatch(/^ads\/[0-9a-f-]{36}\.png$/);
    const thumbs = (k: string) => [`thumbs/w480/${k}.webp`, `thumbs/w96/${k}.webp`];
    expect(uploadedFiles(t.dataDir)).toEqual([...first!.images, ...first!.images.flatMap(thumbs)].sort());
    const stored = fs.readFileSync(path.join(t.dataDir, 'uploads', first!.images[0]!));
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(fs.readFileSync(path.join(t.dataDir, 'uploads', first!.images[1]!)).equals(images.png())).toBe(true);
  });

  it('reports each bad line by number and reason, skips it and writes nothing of it', async () => {
    await makeAdmin(t.database.db, { username: 'boss', email: 'boss@example.lk' });
    await makeUser(t.database.db, { username: 'taken', email: 'taken@example.lk' });
    const file = write('bad.jsonl', [
      ad(1),
      '{"externalId": "ext-2",',
      '',
      ad(4, { category: 'Cars' }),
      ad(5, { district: 'Atlantis' }),
      ad(6, { heading: '   ' }),
      ad(7, { details: 'x'.repeat(10_001) }),
      ad(8, { price: -5 }),
      ad(9, { images: ['bomb.png'] }),
      ad(10, { images: ['car.png', 'script.jpg'] }),
      ad(11, { images: ['../secret.png'] }),
      ad(12, { images: ['missing.png'] }),
      ad(13, { advertiser: { username: 'has space' } }),
      ad(14, { advertiser: { username: 'new', email: 'TAKEN@example.lk' } }),
      ad(15, { advertiser: { username: 'boss' } }),
      ad(16, { catgory: 'Vehicles' }),
      ad(17, { postingDate: 'yesterday' }),
      { ...ad(18), externalId: 'ext-1' },
      '[1, 2]',
      ad(20, { heading: 'Nokia\u0000' }),
      ad(21),
    ]);
    const result = await run(file);
    expect(result).toMatchObject({ total: 21, imported: 2, existing: 0, refused: 18 });
    expect(refused).toEqual([
      [2, 'not valid JSON'],
      [4, expect.stringMatching(/^category: unknown category "Cars" \(known: .*Vehicles/)],
      [5, 'district: unknown district "Atlantis"'],
      [6, 'heading: must not be blank'],
      [7, 'details: must be at most 10,000 characters'],
      [8, 'price: must be a whole number of rupees, 0 or more'],
      [9, 'images[0] (bomb.png): Image dimensions are too large'],
      [10, 'images[1] (script.jpg): Image must be a JPEG, PNG, WebP or GIF file'],
      [11, 'images[0]: must be a path relative to the images folder'],
      [12, 'images[0] (missing.png): no such file'],
      [13, expect.stringMatching(/^advertiser\.username: /)],
      [14, 'advertiser.email: already used by another account'],
      [15, 'advertiser.username: an administrator, not an advertiser'],
      [16, 'unknown field "catgory"'],
      [17, 'postingDate: must be a date and time such as 2026-05-01T09:30:00Z'],
      [18, 'externalId: the same as line 1'],
      [19, 'a line must be one JSON object'],
      [20, 'heading: holds control characters'],
    ]);
    expect((await ads()).map((r) => r.externalId)).toEqual(['ext-1', 'ext-21']);
    // Line 10's good image was never written, nor the refused advertisers' accounts made.
    expect(uploadedFiles(t.dataDir)).toEqual([]);
    expect((await t.database.db.select().from(users)).map((u) => u.username).sort()).toEqual([
      'boss',
      'kamal',
      'taken',
    ]);
  });

  it('adds nothing on a second run of the same file', async () => {
    const file = write('twice.jsonl', [ad(1, { images: ['car.jpg'] }), ad(2, { advertiser: { username: 'sunil' } })]);
    expect(await run(file)).toMatchObject({ imported: 2, existing: 0 });
    const before = {
      ads: await ads(),
      users: await t.database.db.select().from(users),
      files: uploadedFiles(t.dataDir),
    };
    expect(await run(file)).toMatchObject({ imported: 0, existing: 2, refused: 0 });
    expect(await ads()).toEqual(before.ads);
    expect(await t.database.db.select().from(users)).toEqual(before.users);
    expect(uploadedFiles(t.dataDir)).toEqual(before.files);
  });

  it('leaves no half-imported ad when a line fails inside its transaction, and the rerun finishes the rest', async () => {
    const file = write('crash.jsonl', [
      ad(1, { images: ['car.png'] }),
      ad(2, { images: ['car.jpg'], advertiser: { username: 'sunil' } }),
      ad(3, { images: ['car.png'] }),
    ]);
    const result = await run(file, {
      beforeCommit: async (line) => {
        if (line === 2) throw new Error('connection lost');
      },
    });
    expect(result).toMatchObject({ imported: 1, stopped: { line: 2, reason: 'connection lost' } });
    const [only] = await ads();
    expect((await ads()).map((r) => r.externalId)).toEqual(['ext-1']);
    // Line 2's advertiser, ad and staged images went with its transaction; line 1's stay published.
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sunil'))).toEqual([]);
    const thumbs = (k: string) => [`thumbs/w480/${k}.webp`, `thumbs/w96/${k}.webp`];
    expect(uploadedFiles(t.dataDir)).toEqual([...only!.images, ...only!.images.flatMap(thumbs)].sort());

    expect(await run(file)).toMatchObject({ imported: 2, existing: 1, refused: 0 });
    expect((await ads()).map((r) => [r.externalId, r.images.length])).toEqual([
      ['ext-1', 1],
      ['ext-2', 1],
      ['ext-3', 1],
    ]);
    expect(uploadedFiles(t.dataDir)).toHaveLength(9);
  });

  /** The command itself, as `npm run ads:import` runs it. */
  function command(args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/ads-import.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, stdout, stderr })),
    );
  }

  it('runs as a command: progress and refused lines on stderr, the summary on stdout', async () => {
    const file = write('cli.jsonl', [ad(1, { images: ['car.png'] }), ad(2, { district: 'Atlantis' })]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-import-cli-'));
    try {
      // On PostgreSQL the command shares the database the running test app holds.
      const env: Record<string, string> =
        testDb === 'postgres' ? { DATABASE_URL: t.database.url!, DATA_DIR: t.dataDir } : { DATA_DIR: dataDir };
      const out = await command([file, '--images', path.join(dir, 'photos')], env);
      expect(out.stdout).toBe('Done: 1 imported, 0 already in, 1 refused (2 lines).\n');
      expect(out.stderr).toContain('line 2: district: unknown district "Atlantis"\n');
      expect(out.stderr).toContain('lines 2/2 (100%): 1 imported, 0 already in, 1 refused\n');
      expect(out.code).toBe(1);
      if (testDb === 'postgres') expect((await ads()).map((r) => r.externalId)).toEqual(['ext-1']);
      else expect(uploadedFiles(dataDir)).toHaveLength(3);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(testDb === 'postgres')('says in one line that a server holds the embedded database', async () => {
    const file = write('locked.jsonl', [ad(1)]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-import-locked-'));
    try {
      // This test process stands for the server: the lock names a live process other than the command.
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
      const out = await command([file], { DATA_DIR: dataDir });
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(
        `The data directory ${dataDir} is in use by another server (pid ${process.pid}). Stop it first or set DATA_DIR to another folder. To import while the server runs, run both on PostgreSQL (DATABASE_URL).\n`,
      );
      expect(fs.readdirSync(dataDir)).toEqual(['server.lock']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
