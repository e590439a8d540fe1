import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { dutyMessages, validateDuty, type Duty } from '@backoffice/contract';
import { duties } from '../../src/db/schema';
import { sanitizeCondition } from '../../src/modules/duties/duty-sanitizer';
import { seedDuties } from '../../src/seed/demo-duties';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { catalogueClient, catalogueSnapshot, dutyBody, makeDuty } from '../support/catalogue-factories';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';
const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;

describeApi('duties API (docs/product.md#calls; docs/decisions/0005-packages-and-duties.md)', () => {
  let t: TestApp;
  let send: ReturnType<typeof catalogueClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = catalogueClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(duties);
  });

  const list = async (): Promise<Duty[]> => {
    const res = await send('GET', '/api/duties');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().duties;
  };
  const create = (body: Record<string, unknown> = dutyBody()) => send('POST', '/api/duties', body);
  const stored = async (id: string) => (await t.database.db.select().from(duties).where(eq(duties.id, id)))[0]!;

  it('is for signed-in administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/duties' })).statusCode).toBe(401);
  });

  it('creates a duty under the client code, lists it, and defaults the status to Active', async () => {
    const res = await create(dutyBody({ id: '#D0420', title: '  Review ads ', status: undefined }));
    expect(res.statusCode).toBe(201);
    const duty = res.json().duty as Duty;
    expect(res.json()).toEqual({
      success: true,
      duty: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        id: '#D0420',
        title: 'Review ads',
        description: 'Check new ads against the posting rules.',
        conditions: ['Review within <b>24 hours</b>.'],
        status: 'Active',
      },
    });
    expect(await list()).toEqual([duty]);
    // A duty without conditions is kept as sent (a blank condition is refused: below).
    expect((await create(dutyBody({ id: '#D0422', conditions: [] }))).json().duty.conditions).toEqual([]);
  });

  it('refuses a code already in use with 409, writing nothing; of two racing creates exactly one wins', async () => {
    await create(dutyBody({ id: '#D1111' }));
    const before = await catalogueSnapshot(t.database.db);
    const clash = await create(dutyBody({ id: '#D1111', title: 'Another' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      success: false,
      message: 'Duty ID already exists',
      errors: { id: 'Duty ID already exists' },
    });
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(dutyBody({ id: '#D2222', title: `T${i}` }))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list()).filter((d) => d.id === '#D2222')).toHaveLength(1);
  });

  it.each([
    ['#D123'],
    ['#D12345'],
    ['D1234'],
    ['#d1234'],
    ['#DABCD'],
    [' #D1234'],
    ['#D1234\n'],
    [1234],
    [null],
    [undefined],
  ])('refuses the code %j with 400 and writes nothing', async (code) => {
    const before = await catalogueSnapshot(t.database.db);
    const res = await create(dutyBody({ id: code }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: dutyMessages.codeInvalid,
      errors: { id: dutyMessages.codeInvalid },
    });
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('updates the same fields without id, keeping the code; 404 for a missing duty', async () => {
    const duty = (await create()).json().duty as Duty;
    const body = withoutId(
      dutyBody({ title: 'Verify advertisers', description: 'New text.', conditions: ['A', 'B'], status: 'Inactive' }),
    );
    const res = await send('PUT', `/api/duties/${duty._id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, duty: { ...body, _id: duty._id, id: duty.id } });
    expect(await list()).toEqual([res.json().duty]);
    // An update sends the status too: no silent default reactivates the duty.
    const noStatus = await send('PUT', `/api/duties/${duty._id}`, withoutId(dutyBody({ status: undefined })));
    expect(noStatus.json()).toEqual({
      success: false,
      message: dutyMessages.statusInvalid,
      errors: { status: dutyMessages.statusInvalid },
    });
    // The code cannot be changed: id is not a field of the update.
    const withCode = await send('PUT', `/api/duties/${duty._id}`, dutyBody({ id: '#D9999' }));
    expect(withCode.statusCode).toBe(400);
    const missing = await send('PUT', `/api/duties/${MISSING}`, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Duty not found' });
  });

  it('deletes a duty by its _id; the code or an odd id is a 400, a second delete a 404', async () => {
    const duty = (await create()).json().duty as Duty;
    const keep = (await create(dutyBody({ id: '#D7777' }))).json().duty as Duty;
    for (const id of [encodeURIComponent(duty.id), 'D1234', 'not-a-uuid', `${duty._id}x`]) {
      expect((await send('DELETE', `/api/duties/${id}`)).statusCode).toBe(400);
      expect((await send('PUT', `/api/duties/${id}`, withoutId(dutyBody()))).statusCode).toBe(400);
    }
    const res = await send('DELETE', `/api/duties/${duty._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await list()).toEqual([keep]);
    expect((await send('DELETE', `/api/duties/${duty._id}`)).json()).toEqual({
      success: false,
      message: 'Duty not found',
    });
  });

  it.each([
    ['<b>Bold</b> and <strong>strong</strong>', '<b>Bold</b> and <strong>strong</strong>'],
    ['<script>alert(1)</script>Review', 'Review'],
    ['<img src=x onerror="alert(1)">Check', 'Check'],
    ['<b onmouseover="alert(1)" style="color:red">Hover</b>', '<b>Hover</b>'],
    ['<style>body{display:none}</style>Styled', 'Styled'],
    ['<a href="javascript:alert(1)">Click</a>', 'Click'],
    ['<a href="JaVaScRiPt:alert(1)">Upper</a>', 'Upper'],
    ['<a href="java&#x09;script:alert(1)">Tab</a>', 'Tab'],
    ['<a href="&#106;avascript:alert(1)">Entity</a>', 'Entity'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">Data</a>', 'Data'],
    ['<a href="vbscript:msgbox(1)">VB</a>', 'VB'],
    ['<a href="//evil.example/x">Relative</a>', 'Relative'],
    [
      '<a href="https://dmt.gov.lk" target="_blank" rel="opener" onclick="steal()">DMT</a>',
      '<a href="https://dmt.gov.lk" rel="noopener noreferrer">DMT</a>',
    ],
    [
      '<a href="mailto:help@admarket.lk">Mail</a>',
      '<a href="mailto:help@admarket.lk" rel="noopener noreferrer">Mail</a>',
    ],
    ['<a>No link</a>', 'No link'],
    ['<a href="javascript:alert(1)">bad</a> <b style="x">ok</b>', 'bad <b>ok</b>'],
    ['<iframe src="https://evil.example"></iframe><svg onload=alert(1)>x</svg>', 'x'],
    ['1 < 2 & "quotes"', '1 &lt; 2 &amp; "quotes"'],
  ])('sanitises the condition %j on create and update', async (input, expected) => {
    const created = await create(dutyBody({ conditions: [input, 'plain'] }));
    expect(created.statusCode).toBe(201);
    const duty = created.json().duty as Duty;
    expect(duty.conditions).toEqual([expected, 'plain']);
    expect((await stored(duty._id)).conditions).toEqual([expected, 'plain']);
    const updated = await send('PUT', `/api/duties/${duty._id}`, withoutId(dutyBody({ conditions: ['ok', input] })));
    expect(updated.json().duty.conditions).toEqual(['ok', expected]);
    expect((await stored(duty._id)).conditions).toEqual(['ok', expected]);
  });

  const m = dutyMessages;
  it.each<[string, unknown, string, string?]>([
    ['title', '', m.titleRequired],
    ['title', '   ', m.titleRequired],
    ['title', undefined, m.titleRequired],
    ['title', 7, m.titleRequired],
    ['title', 'x'.repeat(151), m.titleTooLong],
    ['title', 'Tab\tin title', m.controlChars],
    ['description', '', m.descriptionRequired],
    ['description', 'x'.repeat(2001), m.descriptionTooLong],
    ['description', 'Nul\u0000', m.controlChars],
    ['conditions', 'one', m.conditionsInvalid],
    ['conditions', [1], m.conditionsInvalid, 'conditions.0'],
    ['conditions', ['ok', 'x'.repeat(2001)], m.conditionTooLong, 'conditions.1'],
    ['conditions', Array(21).fill('c'), m.tooManyConditions],
    ['conditions', ['a\u0000b'], m.controlChars, 'conditions.0'],
    // Issue 32.10: a blank condition was saved and shown as an empty numbered item.
    ['conditions', ['', 'Second'], m.conditionBlank, 'conditions.0'],
    ['conditions', ['First', '  \n '], m.conditionBlank, 'conditions.1'],
    ['conditions', ['<b> </b>&nbsp;'], m.conditionBlank, 'conditions.0'],
    // Markup the sanitiser removes whole leaves nothing either.
    ['conditions', ['ok', '<script>alert(1)</script>'], m.conditionBlank, 'conditions.1'],
    ['status', 'Paused', m.statusInvalid],
  ])('refuses %s = %j with "%s" on create and update, writing nothing', async (field, value, message, key = field) => {
    const existing = await makeDuty(t.database.db, { code: '#D5555' });
    const before = await catalogueSnapshot(t.database.db);
    const body = dutyBody({ [field]: value });
    for (const res of [await create(body), await send('PUT', `/api/duties/${existing.id}`, withoutId(body))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, errors: { [key]: message } });
    }
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('refuses unknown fields, odd bodies and huge ones, writing nothing', async () => {
    const existing = await makeDuty(t.database.db, { code: '#D6666' });
    const before = await catalogueSnapshot(t.database.db);
    for (const body of [dutyBody({ _id: existing.id }), dutyBody({ createdAt: 'x' }), [dutyBody()], 'text']) {
      const res = await create(body as Record<string, unknown>);
      // A bare string goes out as text/plain: 415 rather than 400.
      expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(res.json().success).toBe(false);
    }
    const unknown = await send('PUT', `/api/duties/${existing.id}`, { ...withoutId(dutyBody()), priority: 'high' });
    expect(unknown.statusCode).toBe(400);
    const badJson = await send('POST', '/api/duties', '{"title"', { 'content-type': 'application/json' });
    expect(badJson.statusCode).toBe(400);
    const huge = await create(dutyBody({ conditions: ['x'.repeat(2 * 1024 * 1024)] }));
    expect(huge.statusCode).toBe(413);
    const foreign = await send('DELETE', `/api/duties/${existing.id}`, undefined, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('seeds five real moderation duties whose conditions use bold and safe links', async () => {
    await seedDuties(t.database.db, new LocalDiskStorage(t.dataDir));
    const seeded = await list();
    expect(seeded).toHaveLength(5);
    expect(new Set(seeded.map((d) => d.status))).toEqual(new Set(['Active', 'Inactive']));
    const all = seeded.flatMap((d) => d.conditions);
    for (const d of seeded) {
      expect(d.id).toMatch(/^#D\d{4}$/);
      expect(d.conditions.length).toBeGreaterThan(0);
      const { _id, id, ...fields } = d;
      expect(validateDuty(fields), id).toEqual({});
    }
    for (const c of all) expect(sanitizeCondition(c)).toBe(c);
    expect(all.some((c) => c.includes('<b>'))).toBe(true);
    expect(all.some((c) => /<a href="https:\/\/[^"]+" rel="noopener noreferrer">/.test(c))).toBe(true);
    expect(all.some((c) => c.includes('href="mailto:'))).toBe(true);
  });
});
