import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import type { UserRow } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 38, finding 11: the rollback fault injection of audit-trail.test.ts, extended to select all
 * matching, image edits, banners and the bulk user delete. Three faults inside the database, after
 * the entry or message was written: on the entry itself (a label with "Doomed"; a fixture's
 * `submitted` entry aside), on the advertiser's message (a heading with "Message fails"), and at
 * commit on the change itself (a name with "Cursed", a deferred constraint trigger). The first
 * catches an entry written after the transaction (the change would stand without it), the last one
 * written before it or on another connection (the entry would stand without the change). Each
 * time: a 500, and nothing changed: no entry, no message, no live event, no row, no file.
 */
const FAULTS = [
  sql`create function injected_fault() returns trigger language plpgsql as $$
    begin raise exception 'injected fault'; end $$`,
  sql`create trigger entry_fault after insert on audit_events for each row
    when (new.entity_label like '%Doomed%' and new.action <> 'submitted') execute function injected_fault()`,
  sql`create trigger message_fault after insert on advertiser_messages for each row
    when (new.ad_heading like '%Message fails%') execute function injected_fault()`,
  sql`create constraint trigger ad_update_commit_fault after update on advertisements
    deferrable initially deferred for each row when (new.heading like '%Cursed%') execute function injected_fault()`,
  sql`create constraint trigger user_delete_commit_fault after delete on users
    deferrable initially deferred for each row when (old.username like '%Cursed%') execute function injected_fault()`,
  // Inserts only for the banners the calls create: the fixtures are inserted too.
  sql`create constraint trigger banner_insert_commit_fault after insert on banner_ads
    deferrable initially deferred for each row when (new.name like '%Cursed new%') execute function injected_fault()`,
  sql`create constraint trigger banner_update_commit_fault after update on banner_ads
    deferrable initially deferred for each row when (new.name like '%Cursed%') execute function injected_fault()`,
  sql`create constraint trigger banner_delete_commit_fault after delete on banner_ads
    deferrable initially deferred for each row when (old.name like '%Cursed%') execute function injected_fault()`,
];

/** Every file under the uploads folder with its size. */
function uploads(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [`${path.relative(root, p)} ${fs.statSync(p).size}`];
        })
      : [];
  return walk(root).sort();
}

describeApi('a failure after the entry or message was written leaves nothing (issue 38, finding 11)', () => {
  let t: TestApp;
  let cookie = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    cookie = await signIn(t.app, admin.email);
    for (const statement of FAULTS) await t.database.db.execute(statement);
  });
  afterAll(() => t?.close());

  /** Entries, messages and live events so far, every ad, user and banner, and every file. */
  async function state() {
    const [row] = rowsOf<Record<string, string | number>>(
      await t.database.db.execute(sql`select
        (select count(*)::int from audit_events) as entries,
        (select count(*)::int from advertiser_messages) as messages,
        (select count(*)::int from ad_live_events) as live_events,
        (select md5(coalesce(string_agg(a::text, '|' order by a.id), '')) from advertisements a) as ads,
        (select md5(coalesce(string_agg(u::text, '|' order by u.id), '')) from users u) as users,
        (select md5(coalesce(string_agg(b::text, '|' order by b.id), '')) from banner_ads b) as banners`),
    );
    return { ...row, files: uploads(t.dataDir) };
  }

  /** Each call answers 500 and leaves the state as it found it. */
  async function expectNothingChanged(calls: Array<[string, () => Promise<LightMyRequestResponse>]>) {
    for (const [name, call] of calls) {
      const before = await state();
      const res = await call();
      expect([name, res.statusCode]).toEqual([name, 500]);
      expect({ name, ...(await state()) }).toEqual({ name, ...before });
    }
  }

  const writeImages = (prefix: string) =>
    [0, 1].map((i) => {
      const rel = `ads/${prefix}-${i}.png`;
      const file = path.join(t.dataDir, 'uploads', rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, images.png());
      return rel;
    });

  it('select all matching: no decision, entry or message of the chunk', async () => {
    const api = adminClient(t.app, cookie);
    for (const heading of ['Doomed match', 'Message fails match', 'Cursed match'])
      for (let i = 0; i < 3; i++) await makeAd(t.database.db, { status: 'pending', heading: `${heading} ${i}` });
    const match = (q: string, status: 'approved' | 'rejected' = 'approved') =>
      api.bulk({
        status,
        ...(status === 'rejected' ? { rejectionReason: 'Duplicate listing' } : {}),
        match: { status: 'pending', q },
        max: 10,
      });
    await expectNothingChanged([
      ['entry fails', () => match('Doomed match')],
      ['message fails', () => match('Message fails match', 'rejected')],
      ['commit fails', () => match('Cursed match')],
    ]);
  });

  it('image edits: the images, the entry and the files stay', async () => {
    const api = adminClient(t.app, cookie);
    const doomed = await makeAd(t.database.db, { heading: 'Doomed images', images: writeImages('doomed') });
    const cursed = await makeAd(t.database.db, { heading: 'Cursed images', images: writeImages('cursed') });
    await expectNothingChanged([
      ['entry fails', () => api.images(doomed.id, doomed.images.slice(0, 1))],
      ['commit fails', () => api.images(cursed.id, cursed.images.slice(0, 1))],
    ]);
  });

  it('banners: create, update and delete leave no row, entry or file behind', async () => {
    const banners = bannerClient(t.app, cookie);
    const doomed = await makeBannerAd(t.database.db, t.dataDir, { name: 'Doomed banner' });
    const cursed = await makeBannerAd(t.database.db, t.dataDir, { name: 'Cursed banner' });
    const withImage = (name: string) => formParts(validFields({ name }), { data: images.png() });
    await expectNothingChanged([
      ['create, entry fails', () => banners.create(withImage('Doomed new banner'))],
      ['create, commit fails', () => banners.create(withImage('Cursed new banner'))],
      ['update, entry fails', () => banners.update(doomed.id, withImage('Doomed banner'))],
      ['update, commit fails', () => banners.update(cursed.id, withImage('Cursed banner'))],
      ['delete, entry fails', () => banners.remove(doomed.id)],
      ['delete, commit fails', () => banners.remove(cursed.id)],
    ]);
  });

  it('bulk user delete: the user, their ads, every entry and every file stay', async () => {
    const bulkDelete = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/bulk-delete',
        headers: { cookie, origin: ORIGIN },
        payload: { ids: [id] },
      });
    const users: UserRow[] = [];
    for (const name of ['Doomed', 'Cursed']) {
      const user = await makeUser(t.database.db, { username: `${name}_advertiser` });
      // The ads' own entries are written before the user's: the fault comes after them.
      await makeAd(t.database.db, { userId: user.id, username: user.username, images: writeImages(name) });
      users.push(user);
    }
    await expectNothingChanged([
      ['entry fails', () => bulkDelete(users[0]!.id)],
      ['commit fails', () => bulkDelete(users[1]!.id)],
    ]);
  });
});
