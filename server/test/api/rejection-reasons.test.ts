import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectionReasonBody, reasonMessages } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { DEMO_REJECTION_REASONS, seedRejectionReasons } from '../../src/seed/demo-rejection-reasons';

describeApi('rejection-reason templates', () => {
  let t: TestApp;
  let send: ReturnType<typeof adminClient>['send'];
  const list = async () => (await send('GET', '/api/rejection-reasons')).json().reasons as { _id: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = adminClient(t.app, await signIn(t.app, admin.email)).send;
  });
  afterAll(() => t?.close());

  it('creates, lists, updates and deletes a template', async () => {
    const created = await send('POST', '/api/rejection-reasons', { title: '  Duplicate ad ', text: 'Posted twice.' });
    expect(created.statusCode).toBe(201);
    const reason = created.json().reason;
    expect(reason).toEqual({ _id: expect.any(String), title: 'Duplicate ad', text: 'Posted twice.', status: 'active' });
    expect(await list()).toEqual([reason]);

    const updated = await send('PUT', `/api/rejection-reasons/${reason._id}`, {
      title: 'Duplicate',
      text: 'Line one\nline two',
      status: 'inactive',
    });
    expect([updated.statusCode, updated.json().reason]).toEqual([
      200,
      { _id: reason._id, title: 'Duplicate', text: 'Line one\nline two', status: 'inactive' },
    ]);
    expect((await send('DELETE', `/api/rejection-reasons/${reason._id}`)).json()).toEqual({ success: true });
    expect(await list()).toEqual([]);
  });

  it('refuses blank and over-long fields with 400 and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ title: '   ', text: 'x' }, reasonMessages.titleRequired],
      [{ title: 'x', text: ' \n ' }, reasonMessages.textRequired],
      [{ title: 'x'.repeat(501), text: 'x' }, reasonMessages.titleTooLong],
      [{ title: 'x', text: 'x'.repeat(501) }, reasonMessages.textTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/rejection-reasons', body);
      expect([res.statusCode, JSON.stringify(res.json().errors ?? res.json().message)]).toEqual([
        400,
        expect.stringContaining(message),
      ]);
    }
    expect(
      (await send('POST', '/api/rejection-reasons', { title: 'x'.repeat(500), text: 'y'.repeat(500) })).statusCode,
    ).toBe(201);
    expect(await list()).toHaveLength(1);
  });

  it('answers 404 for a template that does not exist', async () => {
    for (const res of [
      await send('PUT', `/api/rejection-reasons/${randomUUID()}`, { title: 'a', text: 'b' }),
      await send('DELETE', `/api/rejection-reasons/${randomUUID()}`),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([404, reasonMessages.notFound]);
    }
  });

  it('seeds realistic demo templates that pass their own rules', async () => {
    const before = (await list()).length;
    await seedRejectionReasons(t.database.db);
    const titles = (await send('GET', '/api/rejection-reasons')).json().reasons.map((r: { title: string }) => r.title);
    expect(titles.slice(before)).toEqual(DEMO_REJECTION_REASONS.map((r) => r.title));
    for (const r of DEMO_REJECTION_REASONS) expect(rejectionReasonBody.safeParse(r).success).toBe(true);
    expect(DEMO_REJECTION_REASONS.some((r) => r.text.includes('LKR'))).toBe(true);
  });
});
