import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { UserDetailResponse, UserStrikesResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { analysed, signalsClient } from '../support/signals-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const DAY = 86_400_000;

describeApi('strikes (issue 35.4)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(opts: { analyseAds?: boolean } = {}) {
    t = await buildTestApp(opts);
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const api = adminClient(t.app, cookie);
    const user = await makeUser(t.database.db, { email: 'kasun@example.lk' });
    const detail = async (id = user.id) => {
      const res = await api.send('GET', `/api/users/${id}`);
      expect(res.statusCode).toBe(200);
      return res.json<UserDetailResponse>();
    };
    const strikes = async () => (await detail()).strikes!;
    const rejectAd = async (heading: string, reason: string) => {
      const ad = await makeAd(t!.database.db, { userId: user.id, heading });
      expect((await api.reject(ad.id, reason)).statusCode).toBe(200);
      return ad;
    };
    return { t, admin, api, user, cookie, detail, strikes, rejectAd };
  }

  it('gives a strike for a rejection, with the reason, expiring after 90 days; approvals give none', async () => {
    const { t, api, user, strikes, rejectAd } = await setup();
    const start = t.clock();
    expect(await strikes()).toEqual({ active: 0, repeatOffender: false, expiryDays: 90, list: [] });
    const ok = await makeAd(t.database.db, { userId: user.id, heading: 'Honda Fit' });
    expect((await api.approve(ok.id)).statusCode).toBe(200);
    const ad = await rejectAd('Land in Galle', 'Photos show a different plot.');

    const s = await strikes();
    expect(s.active).toBe(1);
    expect(s.list).toEqual([
      {
        _id: expect.any(String),
        adId: ad.id,
        heading: 'Land in Galle',
        reason: 'Photos show a different plot.',
        at: start.toISOString(),
        expiresAt: new Date(start.getTime() + 90 * DAY).toISOString(),
      },
    ]);

    // One millisecond before its expiry it still counts; at its expiry it no longer does, and stays listed.
    t.clock.set(new Date(start.getTime() + 90 * DAY - 1));
    const api2 = adminClient(t.app, await signIn(t.app, (await makeAdmin(t.database.db)).email));
    const at = async () => (await api2.send('GET', `/api/users/${user.id}`)).json<UserDetailResponse>().strikes!;
    expect((await at()).active).toBe(1);
    t.clock.set(new Date(start.getTime() + 90 * DAY));
    expect((await at()).active).toBe(0);
    expect((await at()).list.map((x) => x.adId)).toEqual([ad.id]);
  });

  it('reads the expiry from the strike_expiry_days setting', async () => {
    const { t, user, strikes, rejectAd } = await setup();
    await rejectAd('Phone for sale', 'Contact details in the text.');
    await t.database.db.execute(
      sql`insert into moderation_settings (key, value) values ('strike_expiry_days', '30'::jsonb)`,
    );
    const s = await strikes();
    expect(s.expiryDays).toBe(30);
    expect(new Date(s.list[0]!.expiresAt).getTime() - new Date(s.list[0]!.at).getTime()).toBe(30 * DAY);
    t.clock.advance(30 * DAY);
    // The clock outran the admin's session: a fresh one.
    const api = adminClient(t.app, await signIn(t.app, (await makeAdmin(t.database.db)).email));
    const res = await api.send('GET', `/api/users/${user.id}/strikes`);
    expect(res.json<UserStrikesResponse>().strikes).toMatchObject({ active: 0, repeatOffender: false });
  });

  it('makes three active strikes a repeat offender, whose new ads carry the repeat_offender signal', async () => {
    const { t, user, strikes, rejectAd, cookie } = await setup({ analyseAds: true });
    await rejectAd('Ad one', 'Duplicate ad.');
    await rejectAd('Ad two', 'Duplicate ad.');
    const second = await makeAd(t.database.db, { userId: user.id, heading: 'Bicycle for sale' });
    await analysed(t.app, t.database.db, [second.id]);
    const signals = signalsClient(t.app, cookie);
    expect((await signals.signals(second.id)).signals.map((s) => s.kind)).not.toContain('repeat_offender');

    await rejectAd('Ad three', 'Wrong category.');
    expect(await strikes()).toMatchObject({ active: 3, repeatOffender: true });
    const fresh = await makeAd(t.database.db, { userId: user.id, heading: 'Sofa set' });
    await analysed(t.app, t.database.db, [fresh.id]);
    const found = (await signals.signals(fresh.id)).signals.find((s) => s.kind === 'repeat_offender');
    expect(found).toEqual({ kind: 'repeat_offender', evidence: { activeStrikes: 3 } });
  });

  it('lets an admin remove a strike with a note: an audit entry, the count drops, a second removal is a 404', async () => {
    const { t, api, user, admin, strikes, rejectAd } = await setup();
    const ad = await rejectAd('Used tyres', 'Price missing.');
    const url = `/api/users/${user.id}/strikes/${ad.id}`;

    // No note, an empty note, an unknown field: 400, nothing removed.
    for (const payload of [{}, { note: '   ' }, { note: 'ok', extra: 1 }, { note: 'x'.repeat(1001) }]) {
      const res = await api.send('DELETE', url, payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await api.send('DELETE', `/api/users/${user.id}/strikes/not-a-uuid`, { note: 'x' })).statusCode).toBe(400);
    expect((await strikes()).active).toBe(1);

    // Another user's id, an ad that was never rejected: 404.
    const other = await makeUser(t.database.db);
    expect((await api.send('DELETE', `/api/users/${other.id}/strikes/${ad.id}`, { note: 'x' })).statusCode).toBe(404);
    const approved = await makeAd(t.database.db, { userId: user.id });
    expect((await api.send('DELETE', `/api/users/${user.id}/strikes/${approved.id}`, { note: 'x' })).statusCode).toBe(
      404,
    );

    const res = await api.send('DELETE', url, { note: 'The photos were the seller’s own after all.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserStrikesResponse>().strikes).toMatchObject({ active: 0, list: [] });
    expect(await strikes()).toMatchObject({ active: 0, list: [] });
    const entries = rowsOf<{
      action: string;
      entity_id: string;
      advertiser_id: string;
      actor_id: string;
      details: unknown;
    }>(
      await t.database.db.execute(
        sql`select action, entity_id, advertiser_id, actor_id, details from audit_events where action = 'strike_removed'`,
      ),
    );
    expect(entries).toEqual([
      {
        action: 'strike_removed',
        entity_id: ad.id,
        advertiser_id: user.id,
        actor_id: admin.id,
        details: { note: 'The photos were the seller’s own after all.', reason: 'Price missing.' },
      },
    ]);
    expect((await api.send('DELETE', url, { note: 'again' })).statusCode).toBe(404);
    expect((await api.send('GET', `/api/users/${user.id}/strikes`)).json<UserStrikesResponse>().strikes.active).toBe(0);
  });

  it('keeps the language on the user: English by default, editable, anything else a 400', async () => {
    const { api, user, detail } = await setup();
    expect((await detail()).user.language).toBe('en');
    const body = { username: user.username, email: user.email, mobile: null, isAdmin: false, isVerified: false };
    expect((await api.send('PUT', `/api/users/${user.id}`, { ...body, language: 'si' })).statusCode).toBe(200);
    expect((await detail()).user.language).toBe('si');
    // Left out keeps it.
    expect((await api.send('PUT', `/api/users/${user.id}`, body)).statusCode).toBe(200);
    expect((await detail()).user.language).toBe('si');
    const bad = await api.send('PUT', `/api/users/${user.id}`, { ...body, language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors?: Record<string, string> }>().errors?.language).toBe('Choose English, Sinhala or Tamil');
    expect((await detail()).user.language).toBe('si');
  });
});
