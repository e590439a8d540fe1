import { randomUUID } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { messages } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectionReasons, secondReviews } from '../../src/db/schema';
import { DOCS_PREFIX } from '../../src/plugins/openapi';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { dutyBody, makeDuty, makePackage, packageBody } from '../support/catalogue-factories';
import { makeModerationEvent, makeProduct } from '../support/dashboard-factories';
import { DEFAULT_PASSWORD, makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { editBody } from '../support/users-factories';
import { makeReport } from '../support/report-factories';
import { waitFor } from '../support/message-servers';
import { buildTestApp, describeApiOnce, ORIGIN, type TestApp } from '../support/test-app';
import { twoFactorCalls } from '../support/two-factor';
import { passkeyCalls } from '../support/passkeys';

type Operation = {
  operationId?: string;
  summary?: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

/** `/api/users/:id` as OpenAPI writes it: `/api/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** One representative call of a route: `route` is its method and URL pattern, `send` the request. */
type Call = { route: string; send: () => Promise<LightMyRequestResponse> };

describeApiOnce('OpenAPI description at /api/docs/json', () => {
  let t: TestApp;
  let cookie = '';
  let doc: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<object, ValidateFunction>();

  const inject = (opts: InjectOptions & { cookie?: string | null }) =>
    t.app.inject({
      ...opts,
      headers: { origin: ORIGIN, ...(opts.cookie === null ? {} : { cookie: opts.cookie ?? cookie }), ...opts.headers },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    cookie = await signIn(t.app, admin.email);
    const res = await inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  const apiRoutes = () => [
    ...new Set(
      t.app.routeList
        .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX))
        .map((r) => `${r.method} ${r.url}`),
    ),
  ];
  const describedRoutes = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );

  it('refuses callers without a session (the access matrix covers the rest)', async () => {
    const anonymous = await inject({ method: 'GET', url: `${DOCS_PREFIX}/json`, cookie: null });
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, messages.access.notSignedIn]);
    const page = await inject({ method: 'GET', url: DOCS_PREFIX, cookie: null });
    expect(page.statusCode).toBe(401);
  });

  it('serves the interactive page to an admin', async () => {
    const res = await inject({ method: 'GET', url: DOCS_PREFIX });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // It runs under the app's own policy: scripts from this origin only, and the page has no inline one.
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.trim()).toBe("'self'");
    expect(res.body).toMatch(/<script src=/);
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('describes every /api route the server registers, and only those', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(describedRoutes().sort()).toEqual(
      apiRoutes()
        .map((r) => {
          const [method, url] = r.split(' ') as [string, string];
          return `${method} ${openApiPath(url)}`;
        })
        .sort(),
    );
  });

  /** The schema with its named components (`#/components/schemas/…`) written out, for Ajv. */
  function inlineComponents(schema: unknown): object {
    return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
      const ref = (value as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return value;
      const named = doc.components.schemas[ref.slice('#/components/schemas/'.length)];
      expect(named, ref).toBeDefined();
      return inlineComponents(named);
    }) as object;
  }

  it('names every operation, sums it up and lists the errors it can answer', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBe(apiRoutes().length);
    const ids = new Set<string>();
    for (const { route, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect([route, typeof op.operationId, typeof op.summary]).toEqual([route, 'string', 'string']);
      ids.add(op.operationId!);
      // Named statuses, never a 4XX/5XX range, each with a description of its own and the Error shape.
      expect([route, statuses.filter((s) => !/^\d{3}$/.test(s))]).toEqual([route, []]);
      expect([route, statuses.some((s) => s.startsWith('4')), statuses.includes('500')]).toEqual([route, true, true]);
      for (const status of statuses) {
        expect([route, status, op.responses[status]!.description]).not.toEqual([route, status, 'Default Response']);
        if (Number(status) >= 400) {
          expect([route, status, op.responses[status]!.content]).toEqual([
            route,
            status,
            { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          ]);
        }
      }
    }
    expect(ids.size).toBe(operations.length);
    // Guarded operations list 401 and 403; those with a path id, 404.
    expect(Object.keys(doc.paths['/api/users/{id}']!.put!.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413', '415']),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Advertisement', 'User', 'Package', 'Duty', 'BannerAd']),
    );
    expect(doc.components.schemas).not.toHaveProperty('ErrorInput');
  });

  it('states the input rules the server enforces: what it refuses, the document refuses too', async () => {
    // multipleOf 0.01 is exact in JSON Schema; Ajv needs a precision for decimal fractions.
    const requests = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6 });
    addFormats(requests);
    const bodySchema = (path: string, method: string) =>
      requests.compile(
        inlineComponents(
          (doc.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: object }> } })
            .requestBody.content['application/json']!.schema,
        ),
      );
    const user = await makeUser(t.database.db);
    const cases = [
      {
        path: '/api/packages',
        method: 'post',
        url: '/api/packages',
        body: (o: Record<string, unknown>) => packageBody(o),
      },
      {
        path: '/api/users/{id}',
        method: 'put',
        url: `/api/users/${user.id}`,
        body: (o: Record<string, unknown>) => editBody(user, o),
      },
    ] as const;
    const refused: [number, Record<string, unknown>][] = [
      [0, { price: 0.001 }],
      [0, { price: 100_000_000.01 }],
      [0, { features: [] }],
      [1, { email: 'not-an-email' }],
      [1, { mobile: 'call me' }],
      [0, { name: '   ' }],
      [0, { name: 'Gold\u0001' }],
      [1, { username: 'kasun perera' }],
      [1, { password: 'short' }],
    ];
    for (const [i, override] of refused) {
      const { path, method, url, body } = cases[i]!;
      const validate = bodySchema(path, method);
      const res = await inject({ method: method.toUpperCase() as 'POST', url, payload: body(override) });
      expect([override, res.statusCode, validate(body(override))]).toEqual([override, 400, false]);
    }
    // And the ordinary values pass the document.
    expect(bodySchema('/api/packages', 'post')(packageBody({ price: 12.34 }))).toBe(true);
    expect(bodySchema('/api/users/{id}', 'put')(editBody(user, { mobile: '+94 77 123 4567' }))).toBe(true);
    // What JSON Schema cannot say (one field against another, a cursor's origin) is said in words.
    const param = (path: string, name: string) =>
      (doc.paths[path]!.get as unknown as { parameters: { name: string; description?: string }[] }).parameters.find(
        (p) => p.name === name,
      )?.description;
    expect(param('/api/advertisements/export', 'to')).toMatch(/on or after `from`/);
    expect(param('/api/advertisements/list', 'after')).toMatch(/Only a cursor this server answered/);
  });

  it('answers 405 with Allow to a method a known path does not take, and 404 to an unknown path', async () => {
    const patch = await inject({ method: 'PATCH', url: `/api/users/${randomUUID()}` });
    expect([patch.statusCode, patch.headers.allow, patch.json()]).toEqual([
      405,
      'DELETE, GET, HEAD, PUT',
      { success: false, message: messages.server.methodNotAllowed },
    ]);
    const post = await inject({ method: 'POST', url: '/api/health' });
    expect([post.statusCode, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    const unknown = await inject({ method: 'PATCH', url: '/api/no-such-thing' });
    expect([unknown.statusCode, unknown.headers.allow, unknown.json().message]).toEqual([
      404,
      undefined,
      messages.server.notFound,
    ]);
  });

  /** The schema the description gives for this status (exact code first, then 4XX-style ranges). */
  function describedSchema(route: string, status: number): object | undefined {
    const [method, url] = route.split(' ') as [string, string];
    const responses = doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {};
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    return response?.content?.['application/json']?.schema;
  }

  function expectAsDescribed(route: string, res: LightMyRequestResponse) {
    if (String(res.headers['content-type']).startsWith('text/csv')) {
      // A CSV download: described as such (its content is checked by exports.test.ts).
      const [method, url] = route.split(' ') as [string, string];
      const response = doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses[String(res.statusCode)];
      expect([route, Object.keys(response?.content ?? {})]).toEqual([route, ['text/csv']]);
      return;
    }
    const schema = describedSchema(route, res.statusCode);
    expect(schema, `${route} answered ${res.statusCode}, which its description does not list`).toBeDefined();
    let validate = validators.get(schema!);
    if (!validate) validators.set(schema!, (validate = ajv.compile(inlineComponents(schema!))));
    const body: unknown = res.json();
    expect(
      { route, status: res.statusCode, errors: validate(body) ? null : validate.errors },
      JSON.stringify(body).slice(0, 500),
    ).toEqual({ route, status: res.statusCode, errors: null });
  }

  it('answers each route as its description says (a 2xx of every route, and the error shapes)', async () => {
    const db = t.database.db;
    const owner = await makeUser(db, { username: 'kasun.perera' });
    const [ad1, ad2, ad3, ad4] = [
      await makeAd(db, { userId: owner.id }),
      await makeAd(db, { userId: owner.id }),
      await makeAd(db, { userId: owner.id }),
      await makeAd(db, { userId: owner.id, images: ['/uploads/ads/a.jpg'] }),
    ];
    const doomed = await makeUser(db);
    const pkg = await makePackage(db);
    const doomedPkg = await makePackage(db);
    const duty = await makeDuty(db);
    const doomedDuty = await makeDuty(db);
    const banner = await makeBannerAd(db, t.dataDir);
    const doomedBanner = await makeBannerAd(db, t.dataDir);
    await makeProduct(db, { name: 'Rice cooker', price: 12_500 });
    await makeModerationEvent(db, { at: t.clock() });
    const banners = bannerClient(t.app, cookie);
    const admin = await makeAdmin(db);
    const claimed = await makeAd(db);
    const [reason, doomedReason] = await db
      .insert(rejectionReasons)
      .values([
        { title: 'Duplicate ad', text: 'Posted twice.' },
        { title: 'Poor photos', text: 'Blurred photos.' },
      ])
      .returning();
    // An ad without an advertiser: its message fails at once (no address), so it can be retried.
    const unowned = await makeAd(db, { userId: null });
    await inject({ method: 'PUT', url: `/api/advertisements/${unowned.id}/status`, payload: { status: 'approved' } });
    const failedMessage = await waitFor(async () => {
      await t.app.advertiserOutbox.wake();
      const [row] = (await t.app.advertiserOutbox.list({ adId: unowned.id, page: 1, pageSize: 1 })).rows;
      return row?.status === 'failed' && row;
    });

    // A decision another admin made, sampled for second review: answered, then settled, below.
    const [review] = await db
      .insert(secondReviews)
      .values({
        adId: ad1.id,
        adHeading: ad1.heading,
        decision: 'approved',
        decidedBy: admin.id,
        decidedByName: 'Other',
        decidedAt: t.clock(),
      })
      .returning();

    // Moderation rules to read, edit and delete (docs/decisions/0030-moderation-rules.md).
    const ruleOf = (name: string) => ({
      name,
      conditions: [{ field: 'category', op: 'eq', value: 'Jobs' }],
      action: { type: 'flag', label: 'Jobs' },
    });
    const postRule = async (name: string) =>
      (await inject({ method: 'POST', url: '/api/moderation-rules', payload: ruleOf(name) })).json().rule as {
        _id: string;
      };
    const [rule, doomedRule] = [await postRule('Read and edit'), await postRule('Doomed')];
    // Its backtest: started, read, cancelled (when it has ended already, it stays as it is).
    let backtestId = '';

    const csvPost = (url: string, payload: string) =>
      inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/csv' } });
    const listCalls = (): Call[] => [
      {
        route: 'GET /api/signals/blocked-phones/export.csv',
        send: () => inject({ method: 'GET', url: '/api/signals/blocked-phones/export.csv' }),
      },
      {
        route: 'POST /api/signals/blocked-phones/import',
        send: () => csvPost('/api/signals/blocked-phones/import', 'phone\n0776001004\n'),
      },
      {
        route: 'GET /api/signals/phrases/export.csv',
        send: () => inject({ method: 'GET', url: '/api/signals/phrases/export.csv' }),
      },
      {
        route: 'POST /api/signals/phrases/import',
        send: () => csvPost('/api/signals/phrases/import', 'language,category,phrase\nen,too_good,free gold bars\n'),
      },
      { route: 'GET /api/moderation-queues', send: () => inject({ method: 'GET', url: '/api/moderation-queues' }) },
      {
        route: 'POST /api/moderation-queues',
        send: () => inject({ method: 'POST', url: '/api/moderation-queues', payload: { name: 'Doomed queue' } }),
      },
      {
        route: 'DELETE /api/moderation-queues/:name',
        send: () => inject({ method: 'DELETE', url: `/api/moderation-queues/${encodeURIComponent('Doomed queue')}` }),
      },
      {
        route: 'GET /api/moderation-queues/export.csv',
        send: () => inject({ method: 'GET', url: '/api/moderation-queues/export.csv' }),
      },
      {
        route: 'POST /api/moderation-queues/import',
        send: () => csvPost('/api/moderation-queues/import', 'name\nImported queue\n'),
      },
    ];

    const calls: Call[] = [
      ...twoFactorCalls(t, () => makeAdmin(t.database.db)),
      ...passkeyCalls(t, () => makeAdmin(t.database.db)),
      { route: 'GET /api/health', send: () => inject({ method: 'GET', url: '/api/health', cookie: null }) },
      { route: 'GET /api/reports', send: () => inject({ method: 'GET', url: '/api/reports?state=open' }) },
      { route: 'GET /api/reports/settings', send: () => inject({ method: 'GET', url: '/api/reports/settings' }) },
      {
        route: 'PUT /api/reports/settings',
        send: () =>
          inject({
            method: 'PUT',
            url: '/api/reports/settings',
            payload: { reportedThreshold: 3, strikeExpiryDays: 60 },
          }),
      },
      {
        route: 'PUT /api/reports/:id',
        send: async () => {
          const id = await makeReport(t.database.db);
          return inject({ method: 'PUT', url: `/api/reports/${id}`, payload: { note: 'Seen' } });
        },
      },
      {
        route: 'POST /api/advertisements/:id/dismiss-reports',
        send: async () => {
          const ad = await makeAd(t.database.db, { status: 'approved' });
          await makeReport(t.database.db, { adId: ad.id });
          return inject({ method: 'POST', url: `/api/advertisements/${ad.id}/dismiss-reports` });
        },
      },
      {
        route: 'GET /api/users/:id/strikes',
        send: async () => {
          const user = await makeUser(t.database.db);
          return inject({ method: 'GET', url: `/api/users/${user.id}/strikes` });
        },
      },
      {
        route: 'DELETE /api/users/:id/strikes/:adId',
        send: async () => {
          const user = await makeUser(t.database.db);
          const ad = await makeAd(t.database.db, { userId: user.id });
          await inject({
            method: 'PUT',
            url: `/api/advertisements/${ad.id}/status`,
            payload: { status: 'rejected', rejectionReason: 'Price missing.' },
          });
          return inject({
            method: 'DELETE',
            url: `/api/users/${user.id}/strikes/${ad.id}`,
            payload: { note: 'Own photos' },
          });
        },
      },
      {
        route: 'POST /api/auth/signin',
        send: () =>
          inject({
            method: 'POST',
            url: '/api/auth/signin',
            cookie: null,
            payload: { email: admin.email, password: DEFAULT_PASSWORD },
          }),
      },
      { route: 'GET /api/user/signout', send: () => inject({ method: 'GET', url: '/api/user/signout', cookie: null }) },
      {
        route: 'POST /api/user/signout',
        send: () => inject({ method: 'POST', url: '/api/user/signout', cookie: null }),
      },
      { route: 'GET /api/auth/session', send: () => inject({ method: 'GET', url: '/api/auth/session' }) },
      {
        route: 'GET /api/advertisements/list',
        send: () => inject({ method: 'GET', url: '/api/advertisements/list?status=pending' }),
      },
      {
        route: 'GET /api/advertisements/count',
        send: () => inject({ method: 'GET', url: '/api/advertisements/count?q=advertisement' }),
      },
      {
        route: 'PUT /api/advertisements/:id/status',
        send: () =>
          inject({ method: 'PUT', url: `/api/advertisements/${ad1.id}/status`, payload: { status: 'approved' } }),
      },
      {
        route: 'POST /api/advertisements/bulk-status',
        send: () =>
          inject({
            method: 'POST',
            url: '/api/advertisements/bulk-status',
            payload: { status: 'approved', ids: [ad2.id, randomUUID()] },
          }),
      },
      {
        route: 'PUT /api/advertisements/:id/images',
        send: () => inject({ method: 'PUT', url: `/api/advertisements/${ad4.id}/images`, payload: { images: [] } }),
      },
      {
        route: 'DELETE /api/advertisements/:id',
        send: () => inject({ method: 'DELETE', url: `/api/advertisements/${ad3.id}` }),
      },
      { route: 'GET /api/users', send: () => inject({ method: 'GET', url: '/api/users?q=kasun' }) },
      { route: 'GET /api/users/count', send: () => inject({ method: 'GET', url: '/api/users/count?q=kasun' }) },
      { route: 'GET /api/users/:id', send: () => inject({ method: 'GET', url: `/api/users/${owner.id}` }) },
      {
        route: 'PUT /api/users/:id',
        send: () =>
          inject({ method: 'PUT', url: `/api/users/${owner.id}`, payload: editBody(owner, { isVerified: true }) }),
      },
      { route: 'DELETE /api/users/:id', send: () => inject({ method: 'DELETE', url: `/api/users/${doomed.id}` }) },
      { route: 'GET /api/packages', send: () => inject({ method: 'GET', url: '/api/packages' }) },
      {
        route: 'POST /api/packages',
        send: () => inject({ method: 'POST', url: '/api/packages', payload: packageBody() }),
      },
      {
        route: 'PUT /api/packages/:id',
        send: () =>
          inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, payload: packageBody({ name: 'Gold plus' }) }),
      },
      {
        route: 'DELETE /api/packages/:id',
        send: () => inject({ method: 'DELETE', url: `/api/packages/${doomedPkg.id}` }),
      },
      { route: 'GET /api/duties', send: () => inject({ method: 'GET', url: '/api/duties' }) },
      { route: 'POST /api/duties', send: () => inject({ method: 'POST', url: '/api/duties', payload: dutyBody() }) },
      {
        route: 'PUT /api/duties/:id',
        send: () => inject({ method: 'PUT', url: `/api/duties/${duty.id}`, payload: dutyBody({ id: undefined }) }),
      },
      {
        route: 'DELETE /api/duties/:id',
        send: () => inject({ method: 'DELETE', url: `/api/duties/${doomedDuty.id}` }),
      },
      { route: 'GET /api/banner-ads', send: () => banners.list() },
      {
        route: 'POST /api/banner-ads',
        send: () => banners.create(formParts(validFields(), { data: images.png() })),
      },
      { route: 'PUT /api/banner-ads/:id', send: () => banners.update(banner.id, formParts(validFields())) },
      { route: 'DELETE /api/banner-ads/:id', send: () => banners.remove(doomedBanner.id) },
      {
        route: 'GET /api/advertiser-messages',
        send: () => inject({ method: 'GET', url: '/api/advertiser-messages?status=failed' }),
      },
      {
        route: 'POST /api/advertiser-messages/:id/retry',
        send: () => inject({ method: 'POST', url: `/api/advertiser-messages/${failedMessage.id}/retry` }),
      },
      {
        route: 'POST /api/advertisements/:id/claim',
        send: () => inject({ method: 'POST', url: `/api/advertisements/${claimed.id}/claim`, payload: {} }),
      },
      {
        route: 'DELETE /api/advertisements/:id/claim',
        send: () => inject({ method: 'DELETE', url: `/api/advertisements/${claimed.id}/claim` }),
      },
      { route: 'GET /api/rejection-reasons', send: () => inject({ method: 'GET', url: '/api/rejection-reasons' }) },
      {
        route: 'POST /api/rejection-reasons',
        send: () => inject({ method: 'POST', url: '/api/rejection-reasons', payload: { title: 'a', text: 'b' } }),
      },
      {
        route: 'PUT /api/rejection-reasons/:id',
        send: () =>
          inject({ method: 'PUT', url: `/api/rejection-reasons/${reason!.id}`, payload: { title: 'c', text: 'd' } }),
      },
      {
        route: 'DELETE /api/rejection-reasons/:id',
        send: () => inject({ method: 'DELETE', url: `/api/rejection-reasons/${doomedReason!.id}` }),
      },
      {
        route: 'GET /api/advertisements/:id/signals',
        send: () => inject({ method: 'GET', url: `/api/advertisements/${ad2.id}/signals` }),
      },
      {
        route: 'GET /api/advertisements/:id/duplicates',
        send: () => inject({ method: 'GET', url: `/api/advertisements/${ad2.id}/duplicates` }),
      },
      {
        route: 'POST /api/signals/blocked-phones',
        send: () => inject({ method: 'POST', url: '/api/signals/blocked-phones', payload: { phone: '0776001003' } }),
      },
      {
        route: 'GET /api/signals/blocked-phones',
        send: () => inject({ method: 'GET', url: '/api/signals/blocked-phones' }),
      },
      {
        route: 'DELETE /api/signals/blocked-phones/:phone',
        send: () =>
          inject({ method: 'DELETE', url: `/api/signals/blocked-phones/${encodeURIComponent('+94776001003')}` }),
      },
      {
        route: 'POST /api/signals/phrases',
        send: () =>
          inject({
            method: 'POST',
            url: '/api/signals/phrases',
            payload: { language: 'en', category: 'advance_payment', phrase: 'pay the agent first' },
          }),
      },
      { route: 'GET /api/signals/phrases', send: () => inject({ method: 'GET', url: '/api/signals/phrases' }) },
      {
        route: 'DELETE /api/signals/phrases',
        send: () =>
          inject({
            method: 'DELETE',
            url: '/api/signals/phrases?language=en&category=advance_payment&phrase=pay%20the%20agent%20first',
          }),
      },
      // The lists as CSV and the queue names (issue 34.5).
      ...listCalls(),
      { route: 'GET /api/dashboard', send: () => inject({ method: 'GET', url: '/api/dashboard?period=month' }) },
      { route: 'GET /api/notifications', send: () => inject({ method: 'GET', url: '/api/notifications' }) },
      {
        route: 'GET /api/advertisements/export',
        send: () => inject({ method: 'GET', url: '/api/advertisements/export?status=pending&q=ad' }),
      },
      { route: 'GET /api/users/export', send: () => inject({ method: 'GET', url: '/api/users/export?status=active' }) },
      {
        route: 'GET /api/activity/export',
        send: () => inject({ method: 'GET', url: '/api/activity/export?entity=ad' }),
      },
      {
        route: 'POST /api/users/bulk-delete',
        send: () => inject({ method: 'POST', url: '/api/users/bulk-delete', payload: { ids: [randomUUID()] } }),
      },
      {
        route: 'POST /api/users/bulk-verify',
        send: () => inject({ method: 'POST', url: '/api/users/bulk-verify', payload: { ids: [randomUUID()] } }),
      },
      {
        route: 'GET /api/data-extract/:dataset/count',
        send: () => inject({ method: 'GET', url: '/api/data-extract/packages/count?status=Active' }),
      },
      {
        route: 'GET /api/data-extract/:dataset/export',
        send: () => inject({ method: 'GET', url: '/api/data-extract/duties/export' }),
      },
      {
        route: 'GET /api/products/getproducts',
        send: () => inject({ method: 'GET', url: '/api/products/getproducts' }),
      },
      {
        route: 'GET /api/advertisements/:id',
        send: () => inject({ method: 'GET', url: `/api/advertisements/${ad1.id}` }),
      },
      {
        route: 'GET /api/advertisements/:id/advertiser',
        send: () => inject({ method: 'GET', url: `/api/advertisements/${ad1.id}/advertiser` }),
      },
      {
        route: 'GET /api/advertisements/:id/history',
        send: () => inject({ method: 'GET', url: `/api/advertisements/${ad1.id}/history` }),
      },
      { route: 'GET /api/activity', send: () => inject({ method: 'GET', url: '/api/activity?entity=ad&pageSize=5' }) },
      { route: 'GET /api/activity/count', send: () => inject({ method: 'GET', url: '/api/activity/count?q=a' }) },
      {
        route: 'GET /api/dashboard/moderation',
        send: () => inject({ method: 'GET', url: '/api/dashboard/moderation' }),
      },
      { route: 'GET /api/moderation-rules', send: () => inject({ method: 'GET', url: '/api/moderation-rules' }) },
      {
        route: 'GET /api/moderation-rules/:id',
        send: () => inject({ method: 'GET', url: `/api/moderation-rules/${rule._id}` }),
      },
      {
        route: 'POST /api/moderation-rules',
        send: () => inject({ method: 'POST', url: '/api/moderation-rules', payload: ruleOf('Created') }),
      },
      {
        route: 'PUT /api/moderation-rules/:id',
        send: () =>
          inject({
            method: 'PUT',
            url: `/api/moderation-rules/${rule._id}`,
            payload: { ...ruleOf('Edited'), version: 1 },
          }),
      },
      {
        route: 'DELETE /api/moderation-rules/:id',
        send: () => inject({ method: 'DELETE', url: `/api/moderation-rules/${doomedRule._id}` }),
      },
      {
        route: 'GET /api/second-reviews',
        send: () => inject({ method: 'GET', url: '/api/second-reviews?state=open' }),
      },
      {
        route: 'POST /api/second-reviews/:id/answer',
        send: () =>
          inject({
            method: 'POST',
            url: `/api/second-reviews/${review!.id}/answer`,
            payload: { answer: 'disagree', note: 'A duplicate' },
          }),
      },
      {
        route: 'POST /api/second-reviews/:id/settle',
        send: () =>
          inject({ method: 'POST', url: `/api/second-reviews/${review!.id}/settle`, payload: { action: 'messaged' } }),
      },
      {
        route: 'GET /api/second-reviews/settings',
        send: () => inject({ method: 'GET', url: '/api/second-reviews/settings' }),
      },
      {
        route: 'PUT /api/second-reviews/settings',
        send: () => inject({ method: 'PUT', url: '/api/second-reviews/settings', payload: { rate: 0.02 } }),
      },
      {
        route: 'GET /api/second-reviews/agreement',
        send: () => inject({ method: 'GET', url: '/api/second-reviews/agreement' }),
      },
      {
        route: 'POST /api/moderation-rules/:id/backtest',
        send: async () => {
          const res = await inject({ method: 'POST', url: `/api/moderation-rules/${rule._id}/backtest`, payload: {} });
          backtestId = res.json()._id;
          return res;
        },
      },
      {
        route: 'GET /api/moderation-rules/:id/backtests/:backtestId',
        send: () => inject({ method: 'GET', url: `/api/moderation-rules/${rule._id}/backtests/${backtestId}` }),
      },
      {
        route: 'POST /api/moderation-rules/:id/backtests/:backtestId/cancel',
        send: () => inject({ method: 'POST', url: `/api/moderation-rules/${rule._id}/backtests/${backtestId}/cancel` }),
      },
    ];

    // The event stream never ends: its answer is checked as a stream (and left to app.close()).
    const stream = await inject({ method: 'GET', url: '/api/events', payloadAsStream: true });
    expect([stream.statusCode, stream.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8']);
    stream.stream().destroy();
    expect(Object.keys(doc.paths['/api/events']?.get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);

    // A route added to the server without a call here fails, so every route's answer is checked.
    expect([...calls.map((c) => c.route), 'GET /api/events'].sort()).toEqual(apiRoutes().sort());
    for (const call of calls) {
      const res = await call.send();
      expect([call.route, res.statusCode < 300]).toEqual([call.route, true]);
      expectAsDescribed(call.route, res);
    }

    const errors: Call[] = [
      {
        route: 'PUT /api/moderation-rules/:id',
        send: () =>
          inject({
            method: 'PUT',
            url: `/api/moderation-rules/${rule._id}`,
            payload: { ...ruleOf('Stale'), version: 1 },
          }),
      },
      { route: 'GET /api/users/:id', send: () => inject({ method: 'GET', url: `/api/users/${randomUUID()}` }) },
      { route: 'POST /api/packages', send: () => inject({ method: 'POST', url: '/api/packages', payload: {} }) },
      {
        route: 'GET /api/advertisements/export',
        send: () => inject({ method: 'GET', url: '/api/advertisements/export?from=2026-02-01&to=2026-01-01' }),
      },
      {
        route: 'POST /api/advertisements/bulk-status',
        send: () =>
          inject({
            method: 'POST',
            url: '/api/advertisements/bulk-status',
            payload: { status: 'approved', match: { status: 'pending' }, max: 5000 },
          }),
      },
      { route: 'GET /api/users', send: () => inject({ method: 'GET', url: '/api/users', cookie: null }) },
      {
        route: 'POST /api/moderation-queues/import',
        send: () => csvPost('/api/moderation-queues/import', `name\nFine\n${'x'.repeat(41)}\n`),
      },
      { route: 'POST /api/banner-ads', send: () => banners.create(formParts(validFields({ name: '' }))) },
    ];
    for (const call of errors) {
      const res = await call.send();
      expect([call.route, res.statusCode >= 400 && res.statusCode < 500]).toEqual([call.route, true]);
      expectAsDescribed(call.route, res);
    }

    // The second form of bulk-status (select all matching) answers as described too.
    const match = await inject({
      method: 'POST',
      url: '/api/advertisements/bulk-status',
      payload: { status: 'approved', match: { status: 'pending' }, max: 2 },
    });
    expect(match.statusCode).toBe(200);
    expectAsDescribed('POST /api/advertisements/bulk-status', match);
  });
});
