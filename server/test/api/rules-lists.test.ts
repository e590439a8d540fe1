import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  listCsvMessages,
  MAX_LIST_IMPORT_ROWS,
  phraseMessages,
  queueMessages,
  signalMessages,
  type AdSignalsResponse,
  type ListImportRefused,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { moderationRules } from '../../src/db/schema';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { analysed } from '../support/signals-helpers';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * The lists admins maintain (issue 34.5): blocked numbers, risky phrases and queue names, each
 * exported as CSV and imported back; an import is all or nothing (a bad line is a 400 naming
 * every bad line, and nothing is stored), existing entries are skipped, each added one is an
 * audit entry. Queue names: unique whatever the case, kept while a rule routes to them.
 */
describeApi('lists admins maintain: CSV export and import, queue names', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ analyseAds: true });
    const admin = await makeAdmin(t.database.db, { name: 'List Keeper' });
    cookie = await signIn(t.app, admin.email);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const importCsv = (url: string, text: string, type = 'text/csv') =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN, 'content-type': type }, payload: text });
  const csvRows = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];
  const auditCount = async (entity: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_events where entity = ${entity} and action = 'created'`,
      ),
    )[0]!.n;
  const auditLabels = async (entity: string, action: string) =>
    rowsOf<{ entity_label: string; actor_name: string }>(
      await t.database.db.execute(
        sql`select entity_label, actor_name from audit_events where entity = ${entity} and action = ${action} order by id`,
      ),
    );

  describe('blocked numbers', () => {
    const phones = async () =>
      (await get('/api/signals/blocked-phones'))
        .json<{ phones: { phone: string }[] }>()
        .phones.map((p) => p.phone)
        .sort();

    it('imports numbers written any way, skips those listed or repeated, one audit entry each added', async () => {
      expect((await send('POST', '/api/signals/blocked-phones', { phone: '071 000 0001' })).statusCode).toBe(200);
      const before = await auditCount('phone');
      const file =
        '\uFEFFPhone,note\r\n077 123 4567,first\r\n+94 71 000 0001,listed\r\n"0771234567",again\r\n\r\n0702223344,\r\n';
      const res = await importCsv('/api/signals/blocked-phones/import', file);
      expect([res.statusCode, res.json()]).toEqual([200, { success: true, added: 2, skipped: 2 }]);
      expect(await phones()).toEqual(['+94702223344', '+94710000001', '+94771234567']);
      expect(await auditCount('phone')).toBe(before + 2);
      expect((await auditLabels('phone', 'created')).slice(-2)).toEqual([
        { entity_label: '+94771234567', actor_name: 'List Keeper' },
        { entity_label: '+94702223344', actor_name: 'List Keeper' },
      ]);
    });

    it('refuses a file with bad lines, naming each, and stores nothing', async () => {
      const before = [await phones(), await auditCount('phone')];
      const file = 'phone\n0705556677\nnot a number\n\n"0705556688\n';
      const res = await importCsv('/api/signals/blocked-phones/import', file);
      const body = res.json<ListImportRefused>();
      expect([res.statusCode, body.message]).toEqual([400, listCsvMessages.refused(2)]);
      expect(body.lines).toEqual([
        { line: 3, reason: signalMessages.phoneInvalid },
        { line: 5, reason: listCsvMessages.unclosedQuote },
      ]);
      expect(body.errors).toEqual({ '3': signalMessages.phoneInvalid, '5': listCsvMessages.unclosedQuote });
      expect([await phones(), await auditCount('phone')]).toEqual(before);

      const noHeader = await importCsv('/api/signals/blocked-phones/import', '0705556677\n');
      expect(noHeader.json().lines).toEqual([{ line: 1, reason: listCsvMessages.header(['phone']) }]);
      const empty = await importCsv('/api/signals/blocked-phones/import', '\uFEFF\n');
      expect([empty.statusCode, empty.json().lines]).toEqual([400, [{ line: 1, reason: listCsvMessages.empty }]]);
      const rows = `phone\n${Array.from({ length: MAX_LIST_IMPORT_ROWS + 1 }, (_, i) => `07${String(i).padStart(8, '0')}`).join('\n')}`;
      const many = await importCsv('/api/signals/blocked-phones/import', rows);
      expect(many.json().lines).toEqual([{ line: MAX_LIST_IMPORT_ROWS + 2, reason: listCsvMessages.tooManyRows }]);
      const json = await importCsv('/api/signals/blocked-phones/import', '{"phone":"0705556677"}', 'application/json');
      expect(json.statusCode).toBe(400);
      const other = await importCsv(
        '/api/signals/blocked-phones/import',
        'phone\n0705556677',
        'text/tab-separated-values',
      );
      expect(other.statusCode).toBe(415);
      const huge = await importCsv('/api/signals/blocked-phones/import', `phone\n${'0'.repeat(1024 * 1024)}`);
      expect(huge.statusCode).toBe(413);
      expect([await phones(), await auditCount('phone')]).toEqual(before);
    });

    it('exports a file the import takes back as it was (the + guarded against formulas)', async () => {
      const res = await get('/api/signals/blocked-phones/export.csv');
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
      expect(res.headers['content-disposition']).toMatch(/filename="blocked-numbers-\d{4}-\d{2}-\d{2}\.csv"/);
      const rows = csvRows(res.body);
      expect(rows.map((r) => r.phone).sort()).toEqual((await phones()).map((p) => `'${p}`));
      expect(rows[0]).toMatchObject({ addedBy: 'List Keeper' });
      // The download of phone numbers is recorded, as the other exports of personal data are.
      expect((await auditLabels('export', 'exported')).at(-1)?.entity_label).toMatch(/^blocked-numbers-/);

      const listed = await phones();
      for (const phone of listed) await send('DELETE', `/api/signals/blocked-phones/${encodeURIComponent(phone)}`);
      expect(await phones()).toEqual([]);
      const back = await importCsv('/api/signals/blocked-phones/import', res.body);
      expect(back.json()).toEqual({ success: true, added: listed.length, skipped: 0 });
      expect(await phones()).toEqual(listed);
      const again = await importCsv('/api/signals/blocked-phones/import', res.body);
      expect(again.json()).toEqual({ success: true, added: 0, skipped: listed.length });
    });

    it('sends the pending ads carrying an imported number back to analysis', async () => {
      const db = t.database.db;
      const seller = await makeUser(db);
      const ad = await makeAd(db, { userId: seller.id, username: seller.username, phone1: '0758889900' });
      await analysed(t.app, db, [ad.id]);
      expect((await importCsv('/api/signals/blocked-phones/import', 'phone\n075 888 9900\n')).json().added).toBe(1);
      await waitFor(async () => {
        await t.app.analysisWorker.wake();
        const body = (await get(`/api/advertisements/${ad.id}/signals`)).json<AdSignalsResponse>();
        return body.signals.some((s) => s.kind === 'blocked_phone');
      });
    });
  });

  describe('risky phrases', () => {
    const adminPhrases = async () =>
      (await get('/api/signals/phrases'))
        .json<{ phrases: { phrase: string; source: string; removed: boolean }[] }>()
        .phrases.filter((p) => p.source === 'admin')
        .map((p) => p.phrase)
        .sort();

    it('imports phrases per language and category, checked as the single add checks them', async () => {
      const before = await auditCount('phrase');
      const bad =
        'language,category,phrase\nen,too_good,free gold bars\nfr,too_good,argent gratuit\nen,nonsense,x y\nen,too_good,!!!\nsi,too_good,\n';
      const refused = await importCsv('/api/signals/phrases/import', bad);
      expect([refused.statusCode, refused.json().lines]).toEqual([
        400,
        [
          { line: 3, reason: phraseMessages.language },
          { line: 4, reason: phraseMessages.category },
          { line: 5, reason: phraseMessages.phraseNoWords },
          { line: 6, reason: phraseMessages.phraseRequired },
        ],
      ]);
      expect([await adminPhrases(), await auditCount('phrase')]).toEqual([[], before]);

      const good =
        'phrase,category,language\n"=free gold bars",too_good,en\nFREE  gold bars,too_good,en\nsend the fee now,pay_to_apply,singlish\n';
      const res = await importCsv('/api/signals/phrases/import', good);
      expect(res.json()).toEqual({ success: true, added: 2, skipped: 1 });
      expect(await adminPhrases()).toEqual(['=free gold bars', 'send the fee now']);
      expect(await auditCount('phrase')).toBe(before + 2);
    });

    it('exports the phrases in effect; the file goes back in, putting back a shipped phrase taken out', async () => {
      const res = await get('/api/signals/phrases/export.csv');
      const rows = csvRows(res.body);
      // A phrase that would start a formula is written with a guard; the import takes it off.
      expect(rows.find((r) => r.phrase.includes('free gold bars'))).toEqual({
        language: 'en',
        category: 'too_good',
        phrase: "'=free gold bars",
        source: 'admin',
      });
      const shipped = rows.find((r) => r.source === 'shipped')!;
      const query = new URLSearchParams({
        language: shipped.language!,
        category: shipped.category!,
        phrase: shipped.phrase!,
      });
      expect((await send('DELETE', `/api/signals/phrases?${query}`)).statusCode).toBe(200);

      const back = await importCsv('/api/signals/phrases/import', res.body);
      expect(back.json()).toEqual({ success: true, added: 1, skipped: rows.length - 1 });
      const after = csvRows((await get('/api/signals/phrases/export.csv')).body);
      expect(after).toEqual(rows);
    });
  });

  describe('queue names', () => {
    const names = async () =>
      (await get('/api/moderation-queues')).json<{ queues: { name: string }[] }>().queues.map((q) => q.name);

    it("starts with 'Senior review'; a name is trimmed, 1-40 characters, unique whatever the case", async () => {
      expect(await names()).toEqual(['Senior review']);
      const added = await send('POST', '/api/moderation-queues', { name: '  Escalations ' });
      expect(added.json()).toMatchObject({ success: true, queue: { name: 'Escalations' } });
      const taken = await send('POST', '/api/moderation-queues', { name: 'SENIOR REVIEW' });
      expect([taken.statusCode, taken.json().message]).toEqual([409, queueMessages.nameTaken]);
      const blank = await send('POST', '/api/moderation-queues', { name: '   ' });
      expect([blank.statusCode, blank.json().message]).toEqual([400, queueMessages.nameRequired]);
      const long = await send('POST', '/api/moderation-queues', { name: 'x'.repeat(41) });
      expect([long.statusCode, long.json().message]).toEqual([400, queueMessages.nameTooLong]);
      expect(await names()).toEqual(['Escalations', 'Senior review']);
      expect((await auditLabels('queue', 'created')).map((e) => e.entity_label)).toEqual(['Escalations']);
    });

    it('imports all or nothing; exports a file that goes back in', async () => {
      const refused = await importCsv('/api/moderation-queues/import', `name\nFraud desk\n${'y'.repeat(41)}\n`);
      expect(refused.json().lines).toEqual([{ line: 3, reason: queueMessages.nameTooLong }]);
      expect(await names()).toEqual(['Escalations', 'Senior review']);

      const res = await importCsv(
        '/api/moderation-queues/import',
        'name\nFraud desk\nsenior review\nFRAUD DESK\n"Jobs, fees"\n',
      );
      expect(res.json()).toEqual({ success: true, added: 2, skipped: 2 });
      expect(await names()).toEqual(['Escalations', 'Fraud desk', 'Jobs, fees', 'Senior review']);
      expect((await auditLabels('queue', 'created')).map((e) => e.entity_label)).toEqual([
        'Escalations',
        'Fraud desk',
        'Jobs, fees',
      ]);

      const file = (await get('/api/moderation-queues/export.csv')).body;
      expect(csvRows(file).map((r) => r.name)).toEqual(await names());
      expect(csvRows(file)[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
      for (const name of ['Escalations', 'Fraud desk', 'Jobs, fees'])
        await send('DELETE', `/api/moderation-queues/${encodeURIComponent(name)}`);
      expect((await importCsv('/api/moderation-queues/import', file)).json()).toEqual({
        success: true,
        added: 3,
        skipped: 1,
      });
    });

    it('refuses to delete a queue while a rule routes to it, naming the rule', async () => {
      await t.database.db.insert(moderationRules).values({
        name: 'Job fees',
        sortOrder: 1,
        conditions: [{ field: 'category', op: 'eq', value: 'Jobs' }],
        action: { type: 'route', queue: 'fraud DESK' },
      });
      const refused = await send('DELETE', `/api/moderation-queues/${encodeURIComponent('Fraud desk')}`);
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        queueMessages.inUse('Fraud desk', ['Job fees']),
      ]);
      expect(await names()).toContain('Fraud desk');

      await t.database.db.delete(moderationRules);
      const deleted = await send('DELETE', `/api/moderation-queues/${encodeURIComponent('fraud desk')}`);
      expect(deleted.statusCode).toBe(200);
      expect(await names()).not.toContain('Fraud desk');
      expect((await auditLabels('queue', 'deleted')).at(-1)?.entity_label).toBe('Fraud desk');
      const missing = await send('DELETE', `/api/moderation-queues/${encodeURIComponent('fraud desk')}`);
      expect([missing.statusCode, missing.json().message]).toEqual([404, queueMessages.notFound]);
    });
  });
});
