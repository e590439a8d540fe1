import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { adMessages, type AuditAction, type AuditEntity } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { advertisements, auditEvents, secondReviews, type AuditEventRow } from '../../src/db/schema';
import { maybeSampleDecision } from '../../src/db/second-review-sampling';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { dutyBody, makeDuty, makePackage, packageBody } from '../support/catalogue-factories';
import { DEFAULT_PASSWORD, makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { ruleBody } from '../support/rule-bodies';
import { editBody } from '../support/users-factories';
import { makeReport } from '../support/report-factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { call, codeAt, enrol, passwordStep, type Jar } from '../support/two-factor';
import { passkeyAuditCases } from '../support/passkeys';

/** Routes that change state although their method is GET (a link can end a session). */
const MUTATING_GETS = ['GET /api/user/signout'];
/**
 * Routes that change only working state, recorded nowhere on purpose: releasing one's own claim
 * (claims are a lock, not a decision; a take-over is recorded, see the claim case below); starting
 * and cancelling a rule's backtest (a measurement that changes no ad and no rule; its row in
 * rule_backtests names who started it and when).
 */
const NOT_RECORDED = [
  'DELETE /api/advertisements/:id/claim',
  'POST /api/moderation-rules/:id/backtest',
  'POST /api/moderation-rules/:id/backtests/:backtestId/cancel',
  // A new authenticator secret, unconfirmed: the enrolment is recorded when its code confirms it.
  'POST /api/auth/2fa/totp/setup',
  // A passkey's challenge, kept until its answer: the passkey added, or the sign-in, is recorded.
  'POST /api/auth/passkeys/options',
  'POST /api/auth/signin/passkey/options',
];

const NEW_PASSWORD = 'Brand-new-Passw0rd!';
const WRONG_PASSWORD = 'Not-the-Passw0rd?';

type Expected = { entity: AuditEntity; action: AuditAction; entityId: string | null; actorId: string | null };
/** Prepares what the call needs, then returns the call and the one entry it must write. */
type Case = () => Promise<{ send: () => Promise<LightMyRequestResponse>; expected: Expected }>;

async function entriesAfter(t: TestApp, id: number): Promise<AuditEventRow[]> {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.id} > ${id}`)
    .orderBy(auditEvents.id);
}

async function lastId(t: TestApp): Promise<number> {
  const [row] = rowsOf<{ id: string | null }>(await t.database.db.execute(sql`select max(id) as id from audit_events`));
  return Number(row?.id ?? 0);
}

describeApi('audit trail: one entry per change, in its transaction (docs/decisions/0016-audit-trail.md)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeAdmin>>;
  let cookie = '';
  /** Every session cookie handed out in this file: none may end up in an entry. */
  const cookies: string[] = [];

  const inject = (opts: InjectOptions & { cookie?: string | null }) =>
    t.app.inject({
      ...opts,
      headers: { origin: ORIGIN, ...(opts.cookie === null ? {} : { cookie: opts.cookie ?? cookie }), ...opts.headers },
    });
  const signInAs = async (email: string) => {
    const c = await signIn(t.app, email);
    cookies.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Ruwan Jayasinghe' });
    cookie = await signInAs(admin.email);
  });
  afterAll(() => t?.close());

  const mutatingRoutes = () => [
    ...new Set(
      t.app.routeList
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => r.includes(' /api/') && (!r.startsWith('GET ') || MUTATING_GETS.includes(r)))
        .filter((r) => !NOT_RECORDED.includes(r)),
    ),
  ];

  const newRule = async (): Promise<string> =>
    (await inject({ method: 'POST', url: '/api/moderation-rules', payload: ruleBody() })).json().rule._id;
  /** Another admin's approval, sampled into second review. */
  const sampledReview = async () => {
    const [other, ad] = [await makeAdmin(t.database.db), await makeAd(t.database.db)];
    const decision = { adId: ad.id, adHeading: ad.heading, rejectionReason: null, decidedAt: t.clock() };
    await maybeSampleDecision(t.database.db, { ...decision, decision: 'approved', decidedBy: other.id }, 1);
    const [row] = await t.database.db.select().from(secondReviews).where(eq(secondReviews.adId, ad.id));
    return row!;
  };

  /** A CSV import's request (the lists admins maintain, issue 34.5). */
  const csv = { method: 'POST', headers: { 'content-type': 'text/csv' } } as const;

  const byAdmin = (entity: AuditEntity, action: AuditAction, entityId: string | null): Expected => ({
    entity,
    action,
    entityId,
    actorId: admin.id,
  });

  const cases: Record<string, Case> = {
    ...passkeyAuditCases(
      () => t,
      () => makeAdmin(t.database.db),
      (email) => signInAs(email),
    ),
    'POST /api/auth/signin': async () => {
      const other = await makeAdmin(t.database.db);
      const send = () =>
        inject({
          method: 'POST',
          url: '/api/auth/signin',
          cookie: null,
          payload: { email: other.email, password: DEFAULT_PASSWORD },
        });
      return { send, expected: { entity: 'session', action: 'sign_in', entityId: other.id, actorId: other.id } };
    },
    'POST /api/auth/signin/2fa': async () => {
      const other = await makeAdmin(t.database.db);
      const { secret } = await enrol(t, { sid: (await signInAs(other.email)).slice(4) });
      t.clock.advance(30_000);
      const jar: Jar = {};
      await passwordStep(t, jar, other.email);
      const code = await codeAt(secret, t.clock());
      const send = () => call(t, jar, 'POST', '/api/auth/signin/2fa', { code });
      return { send, expected: { entity: 'session', action: 'sign_in', entityId: other.id, actorId: other.id } };
    },
    'POST /api/auth/2fa/totp/confirm': async () => {
      const other = await makeAdmin(t.database.db);
      const jar: Jar = { sid: (await signInAs(other.email)).slice(4) };
      const { secret } = (await call(t, jar, 'POST', '/api/auth/2fa/totp/setup')).json<{ secret: string }>();
      const code = await codeAt(secret, t.clock());
      const send = () => call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code });
      const expected = {
        entity: 'session',
        action: 'two_factor_enrolled',
        entityId: other.id,
        actorId: other.id,
      } as const;
      return { send, expected };
    },
    'POST /api/auth/password': async () => {
      const other = await makeAdmin(t.database.db);
      const jar: Jar = { sid: (await signInAs(other.email)).slice(4) };
      const payload = { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD };
      const send = () => call(t, jar, 'POST', '/api/auth/password', payload);
      return {
        send,
        expected: { entity: 'session', action: 'password_changed', entityId: other.id, actorId: other.id },
      };
    },
    'DELETE /api/auth/sessions/:id': async () => {
      const other = await makeAdmin(t.database.db);
      const jar: Jar = { sid: (await signInAs(other.email)).slice(4) };
      await signInAs(other.email);
      const sessions = (await call(t, jar, 'GET', '/api/auth/sessions')).json<{
        sessions: { _id: string; current: boolean }[];
      }>();
      const id = sessions.sessions.find((s) => !s.current)!._id;
      const send = () => call(t, jar, 'DELETE', `/api/auth/sessions/${id}`);
      return { send, expected: { entity: 'session', action: 'session_ended', entityId: other.id, actorId: other.id } };
    },
    'POST /api/auth/2fa/recovery-codes': async () => {
      const other = await makeAdmin(t.database.db);
      const jar: Jar = { sid: (await signInAs(other.email)).slice(4) };
      const { secret } = await enrol(t, jar);
      t.clock.advance(30_000);
      const code = await codeAt(secret, t.clock());
      const send = () => call(t, jar, 'POST', '/api/auth/2fa/recovery-codes', { code });
      const expected = {
        entity: 'session',
        action: 'recovery_codes_regenerated',
        entityId: other.id,
        actorId: other.id,
      } as const;
      return { send, expected };
    },
    'POST /api/auth/2fa/reset': async () => {
      const other = await makeAdmin(t.database.db);
      const jar: Jar = { sid: (await signInAs(other.email)).slice(4) };
      const { recoveryCodes } = await enrol(t, jar);
      const send = () => call(t, jar, 'POST', '/api/auth/2fa/reset', { recoveryCode: recoveryCodes[0] });
      return {
        send,
        expected: { entity: 'session', action: 'two_factor_reset', entityId: other.id, actorId: other.id },
      };
    },
    'POST /api/users/:id/reset-2fa': async () => {
      const other = await makeAdmin(t.database.db);
      await enrol(t, { sid: (await signInAs(other.email)).slice(4) });
      const send = () => inject({ method: 'POST', url: `/api/users/${other.id}/reset-2fa` });
      return { send, expected: byAdmin('user', 'two_factor_reset', other.id) };
    },
    'GET /api/user/signout': async () => {
      const other = await makeAdmin(t.database.db);
      const c = await signInAs(other.email);
      const send = () => inject({ method: 'GET', url: '/api/user/signout', cookie: c });
      return { send, expected: { entity: 'session', action: 'sign_out', entityId: other.id, actorId: other.id } };
    },
    'POST /api/user/signout': async () => {
      const other = await makeAdmin(t.database.db);
      const c = await signInAs(other.email);
      const send = () => inject({ method: 'POST', url: '/api/user/signout', cookie: c });
      return { send, expected: { entity: 'session', action: 'sign_out', entityId: other.id, actorId: other.id } };
    },
    'PUT /api/advertisements/:id/status': async () => {
      const ad = await makeAd(t.database.db);
      const payload = { status: 'rejected', rejectionReason: 'Duplicate advertisement' };
      const send = () => inject({ method: 'PUT', url: `/api/advertisements/${ad.id}/status`, payload });
      return { send, expected: byAdmin('ad', 'rejected', ad.id) };
    },
    'POST /api/advertisements/bulk-status': async () => {
      const ad = await makeAd(t.database.db);
      const payload = { status: 'approved', ids: [ad.id] };
      const send = () => inject({ method: 'POST', url: '/api/advertisements/bulk-status', payload });
      return { send, expected: byAdmin('ad', 'approved', ad.id) };
    },
    'PUT /api/advertisements/:id/images': async () => {
      const ad = await makeAd(t.database.db, { images: ['ads/x-1.png', 'ads/x-2.png'] });
      const payload = { images: ['ads/x-2.png'] };
      const send = () => inject({ method: 'PUT', url: `/api/advertisements/${ad.id}/images`, payload });
      return { send, expected: byAdmin('ad', 'images_updated', ad.id) };
    },
    'DELETE /api/advertisements/:id': async () => {
      const ad = await makeAd(t.database.db);
      const send = () => inject({ method: 'DELETE', url: `/api/advertisements/${ad.id}` });
      return { send, expected: byAdmin('ad', 'deleted', ad.id) };
    },
    'PUT /api/users/:id': async () => {
      const user = await makeUser(t.database.db, { isVerified: false });
      const payload = editBody(user, { isVerified: true, password: NEW_PASSWORD });
      const send = () => inject({ method: 'PUT', url: `/api/users/${user.id}`, payload });
      return { send, expected: byAdmin('user', 'updated', user.id) };
    },
    'DELETE /api/users/:id': async () => {
      const user = await makeUser(t.database.db);
      const send = () => inject({ method: 'DELETE', url: `/api/users/${user.id}` });
      return { send, expected: byAdmin('user', 'deleted', user.id) };
    },
    'POST /api/users/bulk-delete': async () => {
      const user = await makeUser(t.database.db);
      const send = () => inject({ method: 'POST', url: '/api/users/bulk-delete', payload: { ids: [user.id] } });
      return { send, expected: byAdmin('user', 'deleted', user.id) };
    },
    'POST /api/users/bulk-verify': async () => {
      const user = await makeUser(t.database.db, { isVerified: false });
      const send = () => inject({ method: 'POST', url: '/api/users/bulk-verify', payload: { ids: [user.id] } });
      return { send, expected: byAdmin('user', 'updated', user.id) };
    },
    'POST /api/advertisements/:id/claim': async () => {
      const ad = await makeAd(t.database.db, { status: 'pending' });
      const other = await makeAdmin(t.database.db);
      const claimed = await inject({
        method: 'POST',
        url: `/api/advertisements/${ad.id}/claim`,
        payload: {},
        cookie: await signInAs(other.email),
      });
      expect(claimed.statusCode).toBe(200);
      const send = () =>
        inject({ method: 'POST', url: `/api/advertisements/${ad.id}/claim`, payload: { takeOver: true } });
      return { send, expected: byAdmin('ad', 'claim_taken_over', ad.id) };
    },
    'POST /api/rejection-reasons': async () => {
      const payload = { title: 'Blurry photos', text: 'Please upload sharp photos of the item.' };
      const send = () => inject({ method: 'POST', url: '/api/rejection-reasons', payload });
      return { send, expected: byAdmin('reason', 'created', null) };
    },
    'PUT /api/rejection-reasons/:id': async () => {
      const created = await inject({
        method: 'POST',
        url: '/api/rejection-reasons',
        payload: { title: 'Wrong district', text: 'Choose the district where the item is.' },
      });
      const id = (created.json() as { reason: { _id: string } }).reason._id;
      const payload = { title: 'Wrong district', text: 'Choose the district where the item really is.' };
      const send = () => inject({ method: 'PUT', url: `/api/rejection-reasons/${id}`, payload });
      return { send, expected: byAdmin('reason', 'updated', id) };
    },
    'DELETE /api/rejection-reasons/:id': async () => {
      const created = await inject({
        method: 'POST',
        url: '/api/rejection-reasons',
        payload: { title: 'Old template', text: 'No longer used.' },
      });
      const id = (created.json() as { reason: { _id: string } }).reason._id;
      const send = () => inject({ method: 'DELETE', url: `/api/rejection-reasons/${id}` });
      return { send, expected: byAdmin('reason', 'deleted', id) };
    },
    'POST /api/signals/blocked-phones': async () => {
      const send = () =>
        inject({ method: 'POST', url: '/api/signals/blocked-phones', payload: { phone: '077 600 1001' } });
      return { send, expected: byAdmin('phone', 'created', null) };
    },
    'DELETE /api/signals/blocked-phones/:phone': async () => {
      await inject({ method: 'POST', url: '/api/signals/blocked-phones', payload: { phone: '077 600 1002' } });
      const send = () =>
        inject({ method: 'DELETE', url: `/api/signals/blocked-phones/${encodeURIComponent('+94776001002')}` });
      return { send, expected: byAdmin('phone', 'deleted', null) };
    },
    'POST /api/signals/phrases': async () => {
      const payload = { language: 'en', category: 'lottery_prize', phrase: 'claim your lucky draw' };
      const send = () => inject({ method: 'POST', url: '/api/signals/phrases', payload });
      return { send, expected: byAdmin('phrase', 'created', null) };
    },
    'DELETE /api/signals/phrases': async () => {
      const send = () =>
        inject({
          method: 'DELETE',
          url: '/api/signals/phrases?language=en&category=pay_to_apply&phrase=registration%20fee',
        });
      return { send, expected: byAdmin('phrase', 'deleted', null) };
    },
    // The lists as CSV and the queue names (issue 34.5): an import of one new entry is one entry.
    'POST /api/signals/blocked-phones/import': async () => {
      const send = () =>
        inject({ ...csv, url: '/api/signals/blocked-phones/import', payload: 'phone\n077 600 1003\n' });
      return { send, expected: byAdmin('phone', 'created', null) };
    },
    'POST /api/signals/phrases/import': async () => {
      const payload = 'language,category,phrase\nen,lottery_prize,your audited prize\n';
      const send = () => inject({ ...csv, url: '/api/signals/phrases/import', payload });
      return { send, expected: byAdmin('phrase', 'created', null) };
    },
    'POST /api/moderation-queues': async () => {
      const send = () => inject({ method: 'POST', url: '/api/moderation-queues', payload: { name: 'Audited queue' } });
      return { send, expected: byAdmin('queue', 'created', null) };
    },
    'DELETE /api/moderation-queues/:name': async () => {
      await inject({ method: 'POST', url: '/api/moderation-queues', payload: { name: 'Doomed queue' } });
      const send = () =>
        inject({ method: 'DELETE', url: `/api/moderation-queues/${encodeURIComponent('Doomed queue')}` });
      return { send, expected: byAdmin('queue', 'deleted', null) };
    },
    'POST /api/moderation-queues/import': async () => {
      const send = () => inject({ ...csv, url: '/api/moderation-queues/import', payload: 'name\nImported queue\n' });
      return { send, expected: byAdmin('queue', 'created', null) };
    },
    // Moderation rules and second review (issue 34).
    'POST /api/moderation-rules': async () => {
      const send = () => inject({ method: 'POST', url: '/api/moderation-rules', payload: ruleBody() });
      return { send, expected: byAdmin('rule', 'created', null) };
    },
    'PUT /api/moderation-rules/:id': async () => {
      const id = await newRule();
      const send = () =>
        inject({ method: 'PUT', url: `/api/moderation-rules/${id}`, payload: ruleBody({ version: 1 }) });
      return { send, expected: byAdmin('rule', 'updated', id) };
    },
    'DELETE /api/moderation-rules/:id': async () => {
      const id = await newRule();
      const send = () => inject({ method: 'DELETE', url: `/api/moderation-rules/${id}` });
      return { send, expected: byAdmin('rule', 'deleted', id) };
    },
    'POST /api/second-reviews/:id/answer': async () => {
      const { id, adId } = await sampledReview();
      const send = () =>
        inject({ method: 'POST', url: `/api/second-reviews/${id}/answer`, payload: { answer: 'disagree' } });
      return { send, expected: byAdmin('ad', 'second_reviewed', adId) };
    },
    'POST /api/second-reviews/:id/settle': async () => {
      const { id, adId } = await sampledReview();
      await inject({ method: 'POST', url: `/api/second-reviews/${id}/answer`, payload: { answer: 'disagree' } });
      const send = () =>
        inject({ method: 'POST', url: `/api/second-reviews/${id}/settle`, payload: { action: 'kept' } });
      return { send, expected: byAdmin('ad', 'second_reviewed', adId) };
    },
    'PUT /api/reports/:id': async () => {
      const id = await makeReport(t.database.db);
      const send = () => inject({ method: 'PUT', url: `/api/reports/${id}`, payload: { state: 'resolved' } });
      return { send, expected: byAdmin('report', 'updated', id) };
    },
    'PUT /api/reports/settings': async () => {
      const send = () =>
        inject({
          method: 'PUT',
          url: '/api/reports/settings',
          payload: { reportedThreshold: 4, strikeExpiryDays: 90 },
        });
      return { send, expected: byAdmin('setting', 'updated', null) };
    },
    'POST /api/advertisements/:id/dismiss-reports': async () => {
      const ad = await makeAd(t.database.db, { status: 'approved' });
      const id = await makeReport(t.database.db, { adId: ad.id });
      const send = () => inject({ method: 'POST', url: `/api/advertisements/${ad.id}/dismiss-reports` });
      return { send, expected: byAdmin('report', 'updated', id) };
    },
    'DELETE /api/users/:id/strikes/:adId': async () => {
      const user = await makeUser(t.database.db);
      const ad = await makeAd(t.database.db, { userId: user.id });
      await inject({
        method: 'PUT',
        url: `/api/advertisements/${ad.id}/status`,
        payload: { status: 'rejected', rejectionReason: 'Price missing.' },
      });
      const send = () =>
        inject({ method: 'DELETE', url: `/api/users/${user.id}/strikes/${ad.id}`, payload: { note: 'Own photos' } });
      return { send, expected: byAdmin('ad', 'strike_removed', ad.id) };
    },
    'PUT /api/second-reviews/settings': async () => {
      const send = () => inject({ method: 'PUT', url: '/api/second-reviews/settings', payload: { rate: 0.05 } });
      return { send, expected: byAdmin('setting', 'updated', null) };
    },
    'POST /api/packages': async () => {
      const send = () => inject({ method: 'POST', url: '/api/packages', payload: packageBody({ name: 'Audited' }) });
      return { send, expected: byAdmin('package', 'created', null) };
    },
    'PUT /api/packages/:id': async () => {
      const pkg = await makePackage(t.database.db);
      const payload = packageBody({ name: 'Gold plus' });
      const send = () => inject({ method: 'PUT', url: `/api/packages/${pkg.id}`, payload });
      return { send, expected: byAdmin('package', 'updated', pkg.id) };
    },
    'DELETE /api/packages/:id': async () => {
      const pkg = await makePackage(t.database.db);
      const send = () => inject({ method: 'DELETE', url: `/api/packages/${pkg.id}` });
      return { send, expected: byAdmin('package', 'deleted', pkg.id) };
    },
    'POST /api/duties': async () => {
      const send = () => inject({ method: 'POST', url: '/api/duties', payload: dutyBody({ id: '#D7001' }) });
      return { send, expected: byAdmin('duty', 'created', null) };
    },
    'PUT /api/duties/:id': async () => {
      const duty = await makeDuty(t.database.db);
      const payload = dutyBody({ id: undefined, title: 'Changed title' });
      const send = () => inject({ method: 'PUT', url: `/api/duties/${duty.id}`, payload });
      return { send, expected: byAdmin('duty', 'updated', duty.id) };
    },
    'DELETE /api/duties/:id': async () => {
      const duty = await makeDuty(t.database.db);
      const send = () => inject({ method: 'DELETE', url: `/api/duties/${duty.id}` });
      return { send, expected: byAdmin('duty', 'deleted', duty.id) };
    },
    'POST /api/banner-ads': async () => {
      const send = () => bannerClient(t.app, cookie).create(formParts(validFields(), { data: images.png() }));
      return { send, expected: byAdmin('banner', 'created', null) };
    },
    'PUT /api/banner-ads/:id': async () => {
      const banner = await makeBannerAd(t.database.db, t.dataDir);
      const send = () => bannerClient(t.app, cookie).update(banner.id, formParts(validFields({ name: 'Renamed' })));
      return { send, expected: byAdmin('banner', 'updated', banner.id) };
    },
    'DELETE /api/banner-ads/:id': async () => {
      const banner = await makeBannerAd(t.database.db, t.dataDir);
      const send = () => bannerClient(t.app, cookie).remove(banner.id);
      return { send, expected: byAdmin('banner', 'deleted', banner.id) };
    },
    'POST /api/advertiser-messages/:id/retry': async () => {
      // An ad without an advertiser: its message fails at once (no address), so it can be retried.
      const ad = await makeAd(t.database.db, { userId: null });
      await inject({ method: 'PUT', url: `/api/advertisements/${ad.id}/status`, payload: { status: 'approved' } });
      const failed = await waitFor(async () => {
        await t.app.advertiserOutbox.wake();
        const [row] = (await t.app.advertiserOutbox.list({ adId: ad.id, page: 1, pageSize: 1 })).rows;
        return row?.status === 'failed' && row;
      });
      const send = () => inject({ method: 'POST', url: `/api/advertiser-messages/${failed.id}/retry` });
      return { send, expected: byAdmin('ad', 'notified', ad.id) };
    },
  };

  it('knows every mutating route, so a new one without its entry fails here', () => {
    expect(Object.keys(cases).sort()).toEqual(mutatingRoutes().sort());
  });

  it('writes exactly one entry with the right actor, action and entity for each successful mutation', async () => {
    for (const [route, prepare] of Object.entries(cases)) {
      const { send, expected } = await prepare();
      const before = await lastId(t);
      const res = await send();
      expect([route, res.statusCode < 300]).toEqual([route, true]);
      const entries = await entriesAfter(t, before);
      expect([route, entries.length]).toEqual([route, 1]);
      const [entry] = entries;
      const created = res.json() as Record<string, { _id?: string }>;
      const newId = Object.values(created).find((v) => v && typeof v === 'object' && '_id' in v)?._id ?? null;
      expect([route, entry!.entity, entry!.action, entry!.actorId, entry!.entityId]).toEqual([
        route,
        expected.entity,
        expected.action,
        expected.actorId,
        expected.entityId ?? newId,
      ]);
      if (expected.actorId === admin.id) expect([route, entry!.actorName]).toEqual([route, 'Ruwan Jayasinghe']);
    }
  });

  it('records what changed: field names, from/to, a reason, a count of removed images', async () => {
    const user = await makeUser(t.database.db, { isVerified: false });
    const before = await lastId(t);
    const payload = editBody(user, { isAdmin: true, mobile: '0719876543', password: NEW_PASSWORD });
    expect((await inject({ method: 'PUT', url: `/api/users/${user.id}`, payload })).statusCode).toBe(200);
    const ad = await makeAd(t.database.db, { images: ['ads/y-1.png', 'ads/y-2.png', 'ads/y-3.png'] });
    await inject({ method: 'PUT', url: `/api/advertisements/${ad.id}/images`, payload: { images: ['ads/y-3.png'] } });
    const payload2 = { status: 'rejected', rejectionReason: 'Prohibited item' };
    await inject({ method: 'PUT', url: `/api/advertisements/${ad.id}/status`, payload: payload2 });
    const [edit, submitted, images, rejected] = await entriesAfter(t, before);
    expect(edit!.details).toEqual({
      fields: ['mobile', 'isAdmin', 'role', 'password'],
      from: 'advertiser',
      to: 'admin',
    });
    expect(submitted).toMatchObject({ action: 'submitted', actorId: null, entityId: ad.id });
    expect(images!.details).toEqual({ removed: 2 });
    expect(rejected).toMatchObject({ rejectionReason: 'Prohibited item', advertiserId: ad.userId });
  });

  it('records a failed sign-in with the address tried and no actor', async () => {
    const before = await lastId(t);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      cookie: null,
      payload: { email: ` ${admin.email.toUpperCase()} `, password: WRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      cookie: null,
      payload: { email: 'nobody@example.lk', password: WRONG_PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    const entries = await entriesAfter(t, before);
    expect(entries.map((e) => [e.entity, e.action, e.actorId, e.entityId, e.details])).toEqual([
      ['session', 'sign_in_failed', null, admin.id, { email: admin.email }],
      ['session', 'sign_in_failed', null, null, { email: 'nobody@example.lk' }],
    ]);
  });

  it('writes nothing for a refused change (400, 404, 409)', async () => {
    const ad = await makeAd(t.database.db, { status: 'approved' });
    const duty = await makeDuty(t.database.db);
    const before = await lastId(t);
    const refused: [InjectOptions, number][] = [
      [{ method: 'PUT', url: `/api/advertisements/${ad.id}/status`, payload: { status: 'pending' } }, 400],
      [{ method: 'POST', url: '/api/packages', payload: {} }, 400],
      [{ method: 'PUT', url: `/api/advertisements/${ad.id}/status`, payload: { status: 'approved' } }, 409],
      [{ method: 'POST', url: '/api/duties', payload: dutyBody({ id: duty.code }) }, 409],
      [{ method: 'DELETE', url: `/api/advertisements/${randomUUID()}` }, 404],
      [{ method: 'DELETE', url: `/api/users/${admin.id}` }, 409],
      [{ method: 'PUT', url: `/api/packages/${randomUUID()}`, payload: packageBody() }, 404],
    ];
    for (const [opts, status] of refused) {
      expect([opts.url, (await inject(opts)).statusCode]).toEqual([opts.url, status]);
    }
    const bulk = await inject({
      method: 'POST',
      url: '/api/advertisements/bulk-status',
      payload: { status: 'approved', ids: [ad.id, randomUUID()] },
    });
    expect(bulk.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([false, false]);
    expect(await entriesAfter(t, before)).toEqual([]);
  });

  it('leaves no entry when the change fails after its entry was written (the transaction rolls back)', async () => {
    const db = t.database.db;
    // Faults inside the database, after the entry's own insert: one on the entry itself, one on
    // the advertiser's message that a decision writes after its entry.
    await db.execute(sql`create function audit_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$`);
    await db.execute(sql`create trigger audit_fault after insert on audit_events for each row
      when (new.entity_label like '%Doomed%') execute function audit_fault()`);
    await db.execute(sql`create trigger message_fault after insert on advertiser_messages for each row
      when (new.ad_heading = 'Message fails') execute function audit_fault()`);
    try {
      const doomedAd = await makeAd(db, { heading: 'Message fails' });
      const doomedUser = await makeUser(db, { username: 'Doomed_user', isVerified: false });
      const before = await lastId(t);
      const calls: InjectOptions[] = [
        { method: 'PUT', url: `/api/advertisements/${doomedAd.id}/status`, payload: { status: 'approved' } },
        { method: 'PUT', url: `/api/users/${doomedUser.id}`, payload: editBody(doomedUser, { isVerified: true }) },
        { method: 'POST', url: '/api/packages', payload: packageBody({ name: 'Doomed package' }) },
        { method: 'POST', url: '/api/duties', payload: dutyBody({ id: '#D7999', title: 'Doomed duty' }) },
      ];
      for (const opts of calls) expect([opts.url, (await inject(opts)).statusCode]).toEqual([opts.url, 500]);
      expect(await entriesAfter(t, before)).toEqual([]);
      const [ad] = await db
        .select()
        .from(advertisements)
        .where(sql`${advertisements.id} = ${doomedAd.id}`);
      expect(ad!.status).toBe('pending');
      const [user] = rowsOf<{ is_verified: boolean }>(
        await db.execute(sql`select is_verified from users where id = ${doomedUser.id}`),
      );
      expect(user!.is_verified).toBe(false);
      const [counts] = rowsOf<{ packages: number; duties: number }>(
        await db.execute(sql`select (select count(*)::int from packages where name = 'Doomed package') as packages,
          (select count(*)::int from duties where code = '#D7999') as duties`),
      );
      expect(counts).toEqual({ packages: 0, duties: 0 });
    } finally {
      await db.execute(sql`drop trigger audit_fault on audit_events`);
      await db.execute(sql`drop trigger message_fault on advertiser_messages`);
      await db.execute(sql`drop function audit_fault()`);
    }
  });

  it('never holds a password, password hash or token in any entry', async () => {
    // Runs after every route above has written its entries (a new password, failed sign-ins).
    const db = t.database.db;
    const entries = rowsOf<{ j: string }>(await db.execute(sql`select row_to_json(e)::text as j from audit_events e`));
    expect(entries.length).toBeGreaterThan(20);
    const hashes = rowsOf<{ h: string }>(await db.execute(sql`select password_hash as h from users`)).map((r) => r.h);
    const tokenHashes = rowsOf<{ h: string }>(await db.execute(sql`select token_hash as h from sessions`)).map(
      (r) => r.h,
    );
    const secrets = [
      DEFAULT_PASSWORD,
      NEW_PASSWORD,
      WRONG_PASSWORD,
      ...hashes,
      ...tokenHashes,
      ...cookies.map((c) => c.slice('sid='.length)),
    ];
    expect(secrets.length).toBeGreaterThan(10);
    for (const { j } of entries) {
      for (const secret of secrets) expect(j.includes(secret), `${secret} in ${j}`).toBe(false);
      expect(j).not.toMatch(/\$argon2|"password"\s*:|"token"\s*:/i);
    }
  });
});

describeApi('ad history (GET /api/advertisements/{id}/history)', () => {
  let t: TestApp;
  let cookie = '';
  let admin: Awaited<ReturnType<typeof makeAdmin>>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    cookie = await signIn(t.app, admin.email);
  });
  afterAll(() => t?.close());
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  it('answers oldest first, and still after the ad is deleted', async () => {
    const posted = new Date(t.clock().getTime() - 3_600_000);
    const ad = await makeAd(t.database.db, { postingDate: posted });
    t.clock.advance(60_000);
    await send('PUT', `/api/advertisements/${ad.id}/status`, { status: 'rejected', rejectionReason: 'Blurry photos' });
    t.clock.advance(60_000);
    expect((await send('DELETE', `/api/advertisements/${ad.id}`)).statusCode).toBe(200);

    const res = await send('GET', `/api/advertisements/${ad.id}/history`);
    expect(res.statusCode).toBe(200);
    // The messages the decisions sent (delivered in the background) are in
    // server/test/api/advertiser-messages.test.ts; here the audit entries.
    const events = (res.json() as { events: { _id: string; action: string }[] }).events.filter(
      (e) => e.action !== 'notified',
    );
    const actor = { _id: admin.id, name: 'Nimal Perera' };
    expect(events.map(({ _id, ...e }: { _id: string }) => e)).toEqual([
      { action: 'submitted', actor: null, at: posted.toISOString() },
      {
        action: 'rejected',
        actor,
        at: new Date(t.clock().getTime() - 60_000).toISOString(),
        rejectionReason: 'Blurry photos',
      },
      { action: 'deleted', actor, at: t.clock().toISOString() },
    ]);
  });

  it('keeps a deleted admin’s id and name', async () => {
    const other = await makeAdmin(t.database.db, { name: 'Gone Admin' });
    const otherCookie = await signIn(t.app, other.email);
    const ad = await makeAd(t.database.db);
    await t.app.inject({
      method: 'PUT',
      url: `/api/advertisements/${ad.id}/status`,
      headers: { cookie: otherCookie, origin: ORIGIN },
      payload: { status: 'approved' },
    });
    expect((await send('DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
    const { events } = (await send('GET', `/api/advertisements/${ad.id}/history`)).json();
    expect(events[1].actor).toEqual({ _id: other.id, name: 'Gone Admin' });
  });

  it('answers 404 for an ad that never existed, 400 for a bad id', async () => {
    const res = await send('GET', `/api/advertisements/${randomUUID()}/history`);
    expect([res.statusCode, res.json().message]).toEqual([404, adMessages.notFound]);
    expect((await send('GET', '/api/advertisements/not-an-id/history')).statusCode).toBe(400);
  });
});
