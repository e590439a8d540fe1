import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SORT_FIELDS, adImageUrl, exportText, type Advertisement } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makePackage } from '../support/catalogue-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { neutraliseCell } from '../../src/modules/exports/csv-response';
import { localTimestamp } from '../../src/domain/calendar';
import { createRng } from '../../src/seed/random';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * Streaming CSV exports (docs/decisions/0018-exports-and-bulk.md): what the file holds is exactly
 * what the list shows for the same filters, read back with a CSV parser; injection, scripts, the BOM,
 * an empty result, and a client that leaves mid-export.
 */
const statuses = ['pending', 'approved', 'rejected'] as const;
const categories = ['Land sale', 'Vehicles', 'Services'];
const districts = ['Colombo', 'Kandy', 'Jaffna'];
// Sinhala, Tamil, spreadsheet formulas, CSV's own characters, and plain words repeated for ties.
const headings = [
  'ශ්‍රී ලංකා ඉඩම',
  'யாழ்ப்பாணம் வீடு',
  '=HYPERLINK("http://evil","x")',
  '+94 77 123 4567',
  '-5 off',
  '@SUM(A1)',
  '\tTabbed',
  '\rReturned',
  '＝full width',
  'comma, "quoted"\nnew line',
  'land sale',
  'land sale',
  'van',
];
const BOM = '\uFEFF';

/** A cell as the export neutralises it (server/test/unit/csv-injection.test.ts states the rule on its own). */
const escaped = neutraliseCell;

/** An instant of the list as the file writes it: Colombo's wall clock and offset (csv-times.test.ts checks the form). */
const inColombo = (iso: string | null) => (iso === null ? null : localTimestamp(new Date(iso), 'Asia/Colombo'));

/** The CSV record an ad of the list must give. */
const expectedRecord = (a: Advertisement) =>
  [
    a._id,
    a.heading,
    a.title,
    a.details,
    a.username,
    a.userId,
    a.phone1,
    a.category,
    a.district,
    a.status,
    a.rejectionReason,
    a.images.map(adImageUrl).join(' '),
    inColombo(a.postingDate),
    a.adType,
    inColombo(a.moderatedAt),
    a.moderatedBy,
  ].map((v) => escaped(v ?? ''));

const HEADER = [
  'id',
  'heading',
  'title',
  'details',
  'username',
  'userId',
  'phone1',
  'category',
  'district',
  'status',
  'rejectionReason',
  'images',
  'postingDate',
  'adType',
  'moderatedAt',
  'moderatedBy',
];

describeApi('CSV exports', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  let adminEmail = '';

  beforeAll(async () => {
    // Seven rows a batch: the seeded set spans many batches, so every batch boundary is crossed.
    t = await buildTestApp({ env: { EXPORT_BATCH_SIZE: '7' } });
    const db = t.database.db;
    const admin = await makeAdmin(db);
    adminEmail = admin.email;
    api = adminClient(t.app, await signIn(t.app, admin.email));
    const owner = await makeUser(db, { username: 'nimali' });
    const rng = createRng(7);
    for (let i = 0; i < 80; i++) {
      const status = rng.pick(statuses);
      await makeAd(db, {
        heading: rng.pick(headings),
        details: rng.chance(0.3) ? '=cmd|" /C calc"!A0' : 'ordinary',
        username: rng.pick(['kasun', 'nimali', '@arun']),
        userId: rng.chance(0.5) ? owner.id : null,
        status,
        rejectionReason: status === 'rejected' ? rng.pick(['Duplicate', '-dup', 'වැරදි']) : null,
        moderatedAt: status === 'pending' ? null : new Date(Date.UTC(2026, 0, 9)),
        category: rng.pick(categories),
        district: rng.pick(districts),
        images: rng.chance(0.3) ? ['/uploads/ads/a.jpg', 'ads/b.png'] : [],
        adType: rng.pick(['digital', 'regular'] as const),
        postingDate: new Date(Date.UTC(2026, 0, rng.int(1, 4), rng.pick([0, 18, 19, 23]), rng.pick([0, 30]))),
      });
    }
    // Ties below the millisecond: a key carried as a JavaScript Date would skip some of these.
    await db.execute(
      sql`update advertisements set posting_date = '2026-01-02 10:00:00.123456+00' where id in (select id from advertisements order by id limit 12)`,
    );
  });
  afterAll(() => t?.close());

  const exportAds = (query: Record<string, string>) =>
    api.send('GET', `/api/advertisements/export?${new URLSearchParams(query)}`);

  /** Every ad the list gives for these filters, page after page. */
  async function listAll(query: Record<string, string>): Promise<Advertisement[]> {
    const all: Advertisement[] = [];
    for (let page = 1; ; page++) {
      const res = await api.list({ ...query, page, pageSize: 100 });
      expect(res.statusCode).toBe(200);
      const { advertisements } = res.json() as { advertisements: Advertisement[] };
      all.push(...advertisements);
      if (advertisements.length < 100) return all;
    }
  }

  const records = (body: string): string[][] => parse(body, { bom: true, relax_column_count: false });

  it('gives exactly the rows the list gives for the same filters and sort', async () => {
    const query = fc.record({
      sort: fc.constantFrom(...AD_SORT_FIELDS),
      order: fc.constantFrom('asc', 'desc'),
      status: fc.constantFrom('all', ...statuses),
      category: fc.option(fc.constantFrom(...categories, 'Unknown'), { nil: undefined }),
      district: fc.option(fc.constantFrom(...districts), { nil: undefined }),
      q: fc.option(fc.constantFrom('land', 'ශ්‍රී', 'வீடு', '"', ',', '=', 'calc', 'zzz'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const params = Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
        const res = await exportAds(params);
        expect(res.statusCode).toBe(200);
        const [header, ...rows] = records(res.body);
        expect(header).toEqual(HEADER);
        expect(rows).toEqual((await listAll(params)).map(expectedRecord));
      }),
      {
        numRuns: 40,
        // Every sort in both directions over every ad: the sub-millisecond ties then cross a batch edge.
        examples: AD_SORT_FIELDS.flatMap((sort) =>
          (['asc', 'desc'] as const).map((order): [Parameters<typeof exportAds>[0] & { status: 'all' }] => [
            { sort, order, status: 'all' },
          ]),
        ) as never,
      },
    );
  });

  it('sends a download: CSV type, BOM, file name of the day in Colombo', async () => {
    // 20:00 UTC on 22 November is already the 23rd in Colombo (UTC+5:30).
    t.clock.set(new Date('2026-11-22T20:00:00Z'));
    api = adminClient(t.app, await signIn(t.app, adminEmail));
    const res = await exportAds({ status: 'pending' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ads-2026-11-23.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith(`${BOM}id,heading,`)).toBe(true);
  });

  it('keeps Sinhala and Tamil text and escapes formulas', async () => {
    const sinhala = await makeAd(t.database.db, { heading: 'කොළඹ නිවස', details: 'கொழும்பு', category: 'Only' });
    await makeAd(t.database.db, { heading: '=1+2', details: '@x', username: '-u', category: 'Only' });
    await makeAd(t.database.db, { heading: '\t=tab', details: '\rcr', username: '+p', category: 'Only' });
    const res = await exportAds({ category: 'Only', sort: 'heading', order: 'asc' });
    const byHeading = new Map(records(res.body).map((r) => [r[1], r]));
    expect(byHeading.get('කොළඹ නිවස')?.slice(0, 4)).toEqual([sinhala.id, 'කොළඹ නිවස', sinhala.title, 'கொழும்பு']);
    expect(byHeading.get("'=1+2")?.[3]).toBe("'@x");
    expect(byHeading.get("'=1+2")?.[4]).toBe("'-u");
    // A leading tab gets its apostrophe, and so does the formula after it (a tab-split reading).
    expect(byHeading.get("'\t'=tab")?.[3]).toBe("'\rcr");
    expect(byHeading.get("'\t'=tab")?.[4]).toBe("'+p");
    expect([...byHeading.keys()].filter((h) => /^[=+\-@\t\r]/.test(h))).toEqual([]);
  });

  it('gives only the header row when nothing matches', async () => {
    const res = await exportAds({ category: 'Nothing here' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${BOM}${HEADER.join(',')}\n`);
  });

  it('bounds the posting date by calendar days in Colombo', async () => {
    // 18:00 UTC on 2 January is 23:30 in Colombo; 19:00 UTC is already the 3rd there.
    const res = await exportAds({ from: '2026-01-03', to: '2026-01-03', sort: 'postingDate', order: 'asc' });
    const dates = records(res.body)
      .slice(1)
      .map((r) => r[12]!);
    const expected = (await listAll({ sort: 'postingDate', order: 'asc' }))
      .map((a) => a.postingDate)
      .filter((d) => d >= '2026-01-02T18:30:00.000Z' && d < '2026-01-03T18:30:00.000Z')
      .map(inColombo);
    expect(expected.length).toBeGreaterThan(0);
    expect(dates).toEqual(expected);
  });

  it('answers a bad query with a JSON 400 before any byte of CSV', async () => {
    const bad: Record<string, string>[] = [
      { sort: 'price' },
      { status: 'gone' },
      { from: '2026-13-01' },
      { from: '2026-01-05', to: '2026-01-01' },
      { format: 'xls' },
      { page: '2' },
    ];
    for (const query of bad) {
      const res = await exportAds(query);
      expect([JSON.stringify(query), res.statusCode, res.headers['content-type']]).toEqual([
        JSON.stringify(query),
        400,
        'application/json; charset=utf-8',
      ]);
      expect(res.json().success).toBe(false);
    }
    const reversed = await exportAds({ from: '2026-01-05', to: '2026-01-01' });
    expect(reversed.json().message).toBe(exportText.rangeReversed);
  });

  describe('Data Extract', () => {
    it('counts what the export holds, per dataset', async () => {
      await makePackage(t.database.db, { name: 'Gold', price: 2500.5, status: 'Active' });
      await makePackage(t.database.db, { name: '=Silver', price: 1000, status: 'Inactive' });
      for (const [dataset, query] of [
        ['ads', 'status=pending&category=Vehicles'],
        ['ads', 'from=2026-01-02&to=2026-01-03'],
        ['advertisers', 'status=active'],
        ['packages', 'status=Active'],
        ['packages', ''],
        ['banners', ''],
        ['duties', 'status=Inactive'],
      ] as const) {
        const count = await api.send('GET', `/api/data-extract/${dataset}/count?${query}`);
        expect(count.statusCode).toBe(200);
        const file = await api.send('GET', `/api/data-extract/${dataset}/export?${query}`);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toMatch(
          new RegExp(`filename="${dataset}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
        );
        expect([dataset, query, records(file.body).length - 1]).toEqual([dataset, query, count.json().total]);
      }
    });

    it('writes prices as numbers', async () => {
      const file = await api.send('GET', '/api/data-extract/packages/export?q=Gold');
      const [header, row] = records(file.body);
      expect(row![header!.indexOf('price')]).toBe('2500.5');
      const silver = records((await api.send('GET', '/api/data-extract/packages/export?q=Silver')).body)[1]!;
      expect(silver[1]).toBe("'=Silver");
    });

    it('refuses filters a dataset does not have', async () => {
      const cases = [
        ['banners', 'category=Vehicles'],
        ['packages', 'status=pending'],
        ['advertisers', 'district=Kandy'],
        ['activity', 'status=pending'],
        ['nothing', ''],
      ];
      for (const [dataset, query] of cases) {
        for (const call of ['count', 'export']) {
          const res = await api.send('GET', `/api/data-extract/${dataset}/${call}?${query}`);
          expect([dataset, call, res.statusCode]).toEqual([dataset, call, 400]);
        }
      }
    });

    it('exports the activity log: exactly the entries the log lists for the same filters', async () => {
      // Entries written in one instant (entries are kept as written: these are added, not moved).
      await t.database.db.execute(
        sql`insert into audit_events (entity, entity_label, action, at)
          select 'ad', 'land ' || i, 'submitted', '2026-01-02 10:00:00.123456+00' from generate_series(1, 15) as i`,
      );
      const listed = async (query: Record<string, string>) => {
        const all: { _id: string; action: string; entityLabel: string }[] = [];
        for (let page = 1; ; page++) {
          const res = await api.send(
            'GET',
            `/api/activity?${new URLSearchParams({ ...query, page: String(page), pageSize: '100' })}`,
          );
          expect(res.statusCode).toBe(200);
          const { events } = res.json() as { events: typeof all };
          all.push(...events);
          if (events.length < 100) return all;
        }
      };
      const queries: Record<string, string>[] = [
        {},
        { entity: 'ad', action: 'submitted' },
        { q: 'land' },
        { from: '2026-01-02', to: '2026-01-02' },
      ];
      for (const query of queries) {
        // Listed first: the export's own audit entry is written when it ends, after its rows.
        const expected = await listed(query);
        const file = await api.send('GET', `/api/activity/export?${new URLSearchParams(query)}`);
        expect(file.statusCode).toBe(200);
        const [header, ...rows] = records(file.body);
        expect(expected.length).toBeGreaterThan(0);
        expect(rows.map((r) => r[header!.indexOf('id')])).toEqual(expected.map((e) => e._id));
        expect(rows.map((r) => r[header!.indexOf('action')])).toEqual(expected.map((e) => e.action));
      }
      const extract = { q: 'land', from: '2026-01-01', to: '2026-12-31' };
      const count = await api.send('GET', `/api/data-extract/activity/count?${new URLSearchParams(extract)}`);
      const file = await api.send('GET', `/api/data-extract/activity/export?${new URLSearchParams(extract)}`);
      expect(records(file.body).length - 1).toBe(count.json().total);
      expect(count.json().total).toBeGreaterThan(0);
    });
  });

  it('exports User Management with its search and status', async () => {
    const db = t.database.db;
    const waiting = await makeUser(db, { username: 'waiting_one', isVerified: false });
    await makeAd(db, { userId: waiting.id, status: 'pending' });
    await makeUser(db, { username: 'verified_one', isVerified: true });
    const parsed = async (query: string) =>
      records((await api.send('GET', `/api/users/export?${query}`)).body).map((r) => r[1]);
    expect(await parsed('status=inactive&q=_one')).toEqual(['username', 'waiting_one']);
    expect(await parsed('status=active&q=_one')).toEqual(['username', 'verified_one']);
    expect(await parsed('status=pending&q=_one')).toEqual(['username', 'waiting_one']);
    const [header, row] = records((await api.send('GET', '/api/users/export?q=waiting_one')).body);
    expect(row![header!.indexOf('pendingAds')]).toBe('1');
  });
});

describeApi('an export whose client goes away', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const TOTAL = 20_000;
  const BATCH = 100;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { EXPORT_BATCH_SIZE: String(BATCH), LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
    await t.database.db.execute(sql`
      insert into advertisements (title, heading, details, username, category, district, posting_date)
      select 'Ad ' || i, 'Heading ' || i, repeat('x', 2000), 'kasun', 'Land sale', 'Colombo',
             timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${TOTAL}) as i`);
  });
  afterAll(() => t?.close());

  const ended = () =>
    logLines
      .map((l) => JSON.parse(l) as { msg: string; batches: number; rows: number; aborted: boolean })
      .filter((l) => l.msg === 'export ended');

  it('stops reading batches when the connection closes', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // About 40 MB: far more than the socket buffers hold, so the server waits on the client.
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/advertisements/export', headers: { cookie, origin: ORIGIN } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    const [stopped] = await waitFor(async () => ended().length > 0 && ended());
    expect(stopped!.aborted).toBe(true);
    expect(stopped!.batches).toBeLessThan(TOTAL / BATCH / 2);

    // The same export read to its end reads every batch: the figure above is the early stop.
    const whole = await t.app.inject({ method: 'GET', url: '/api/advertisements/export', headers: { cookie } });
    expect(whole.body.split('\n').length).toBe(TOTAL + 2);
    const [, complete] = await waitFor(async () => ended().length > 1 && ended());
    expect(complete).toMatchObject({ aborted: false, rows: TOTAL, batches: TOTAL / BATCH });

    // Ads name their advertisers: each export is an audit entry, the one cut short with the rows
    // written before the client left (0018, "CSV injection and export audit").
    const entries = await waitFor(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/activity?action=exported', headers: { cookie } });
      const { events } = res.json() as { events: { details?: { rows?: number; cancelled?: boolean } }[] };
      return events.length === 2 && events.map((e) => e.details!);
    });
    expect(entries[0]).toEqual({ filters: expect.any(Object), rows: TOTAL });
    expect(entries[1]).toMatchObject({ cancelled: true, rows: stopped!.rows });
    expect(entries[1]!.rows).toBeLessThan(TOTAL / 2);
  });
});
