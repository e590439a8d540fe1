import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { adListResponse, adCountResponse } from '@backoffice/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from '../../src/plugins/serializer';

const route = (url: string, schema: unknown) =>
  ({ schema, method: 'GET', url, httpStatus: '200' }) as Parameters<typeof serializerCompiler>[0];

const ad = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  title: 'Toyota Axio 2016',
  heading: 'Toyota Axio 2016 – "mint" condition\nලංකාවේ',
  details: 'Tab\there, a quote " and a backslash \\ and an emoji 🚗',
  username: 'nimal',
  userId: null,
  phone1: '+94771234567',
  category: 'Vehicles',
  district: 'Colombo',
  price: 7_250_000,
  status: 'pending',
  rejectionReason: null,
  images: ['/uploads/a.jpg', '/uploads/b.jpg'],
  thumbnails: [{ w96: '/t/a-96.webp', w480: '/t/a-480.webp' }],
  postingDate: '2026-11-20T08:00:00.000Z',
  adType: 'regular',
  moderatedAt: null,
  moderatedBy: null,
  claim: n % 2 ? { by: { _id: 'u1', name: 'Ada' }, expiresAt: '2026-11-20T08:10:00.000Z' } : null,
  signals: ['duplicate_text', 'blocked_phone'],
  risk: n % 2 ? 80 : null,
  ruleLabels: ['Phone in text'],
  ruleQueue: null,
  prioritised: true,
  ...extra,
});

const page = {
  success: true,
  advertisements: [ad(1), ad(2, { secret: 'a column the schema does not name' }), ad(3, { risk: undefined })],
  total: null,
  page: 1,
  pageSize: 10,
  counts: { total: 10, pending: 3, approved: 5, rejected: 2 },
  facets: { categories: ['Electronics', 'Vehicles'], districts: ['Colombo'] },
  cursors: { start: 'abc', end: null },
};

/** The list's answer is written by fast-json-stringify (docs/decisions/0009, "The list's answer compiled"). */
describe('the compiled serializer', () => {
  it("writes the list's answer as Zod's serializer does, leaving out what the schema does not name", () => {
    const compiled = serializerCompiler(route('/api/advertisements/list', adListResponse));
    const zod = zodSerializerCompiler(route('/api/advertisements/list', adListResponse));
    const text = compiled(page);
    // The same JSON (fast-json-stringify may write an optional property after the required ones).
    expect(JSON.parse(text)).toStrictEqual(JSON.parse(zod(page)));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('success');
    expect(JSON.parse(text)).toEqual(adListResponse.parse(page));
  });

  it("is the list route's serializer in Fastify, which unlike Zod's does not check the values", async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const unchecked = { ...page, advertisements: [ad(1, { adType: 'sell' })] };
    for (const url of ['/api/advertisements/list', '/api/other-list'])
      app.get(url, { schema: { response: { 200: adListResponse } } }, async () => unchecked);
    expect((await app.inject({ url: '/api/advertisements/list' })).json().advertisements[0].adType).toBe('sell');
    expect((await app.inject({ url: '/api/other-list' })).statusCode).toBe(500);
    await app.close();
  });

  it('refuses an answer without a required property', () => {
    const compiled = serializerCompiler(route('/api/advertisements/list', adListResponse));
    const { counts: _counts, ...withoutCounts } = page;
    expect(() => compiled(withoutCounts)).toThrow(/counts/);
  });

  it("leaves every other answer to Zod's serializer, which checks the values", () => {
    const count = serializerCompiler(route('/api/advertisements/count', adCountResponse));
    expect(count({ total: 3 })).toBe('{"total":3}');
    expect(() => count({ total: 'three' })).toThrow();
  });
});
