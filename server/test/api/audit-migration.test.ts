import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { rowsOf, type Db } from '../../src/db/client';
import { describeApi, testDb } from '../support/test-app';

const migrations = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const AUDIT_MIGRATION = '0013_audit_trail';

/** The migrations folder as it was before the audit trail: 0000–0012 and their journal. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const keep = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  expect(keep.length).toBeGreaterThan(10);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: keep }));
  for (const e of keep) fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

type Opened = { db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> };

async function openEmpty(): Promise<Opened> {
  if (testDb === 'pglite') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzlePglite(client) as unknown as Db;
    return {
      db,
      migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const base = inject('pgUrl');
  const name = `m_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    migrate: (folder) => migratePg(db as never, { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

describeApi('migration 0013: moderation_events move into the audit trail, nothing lost', () => {
  let opened: Opened | undefined;
  afterAll(() => opened?.close());

  it('moves every old event with its admin, reason and ad, and gives standing ads their submission', async () => {
    opened = await openEmpty();
    const { db } = opened;
    const before = migrationsBefore(AUDIT_MIGRATION);
    await opened.migrate(before);
    fs.rmSync(before, { recursive: true, force: true });

    const admin = '11111111-1111-4111-8111-111111111111';
    const gone = '22222222-2222-4222-8222-222222222222';
    const owner = '33333333-3333-4333-8333-333333333333';
    const kept = '44444444-4444-4444-8444-444444444444';
    const deletedAd = '55555555-5555-4555-8555-555555555555';
    await db.execute(sql`insert into users (id, username, name, email, password_hash, is_admin) values
      (${admin}, 'ruwan', 'Ruwan Jayasinghe', 'ruwan@example.lk', 'x', true),
      (${gone}, 'gone', '', 'gone@example.lk', 'x', true),
      (${owner}, 'kasun', null, 'kasun@example.lk', 'x', false)`);
    await db.execute(sql`insert into advertisements (id, user_id, title, heading, username, category, district, status,
        rejection_reason, posting_date)
      values (${kept}, ${owner}, 'Car', 'Toyota Aqua', 'kasun', 'Vehicles', 'Colombo', 'rejected', 'Blurry',
        '2026-11-01T08:00:00Z')`);
    await db.execute(sql`insert into moderation_events (ad_id, ad_heading, action, admin_id, reason, created_at) values
      (${kept}, 'Toyota Aqua', 'images', ${admin}, 'Removed 2 image(s)', '2026-11-02T08:00:00Z'),
      (${kept}, 'Toyota Aqua', 'reject', ${admin}, 'Blurry', '2026-11-03T08:00:00Z'),
      (${deletedAd}, 'Old sofa', 'approve', ${gone}, null, '2026-10-01T08:00:00Z'),
      (${deletedAd}, 'Old sofa', 'delete', ${admin}, 'User deleted', '2026-10-02T08:00:00Z'),
      (${deletedAd}, 'Old sofa', 'images', null, 'Something else', '2026-10-01T09:00:00Z')`);
    // The admin who approved the sofa was deleted before the migration: the key is set null.
    await db.execute(sql`delete from users where id = ${gone}`);

    await opened.migrate(migrations);

    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select entity, entity_id::text as entity_id, entity_label, action, actor_id::text as actor_id,
          actor_name, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at, rejection_reason, details,
          advertiser_id::text as advertiser_id, submitted_at is not null as has_submitted_at
        from audit_events order by at, id`),
    );
    const common = { entity: 'ad', rejection_reason: null, details: null, has_submitted_at: false };
    expect(rows).toEqual([
      {
        ...common,
        entity_id: deletedAd,
        entity_label: 'Old sofa',
        action: 'approved',
        actor_id: null,
        actor_name: null,
        at: '2026-10-01T08:00',
        advertiser_id: null,
      },
      {
        ...common,
        entity_id: deletedAd,
        entity_label: 'Old sofa',
        action: 'images_updated',
        actor_id: null,
        actor_name: null,
        at: '2026-10-01T09:00',
        details: { reason: 'Something else' },
        advertiser_id: null,
      },
      {
        ...common,
        entity_id: deletedAd,
        entity_label: 'Old sofa',
        action: 'deleted',
        actor_id: admin,
        actor_name: 'Ruwan Jayasinghe',
        at: '2026-10-02T08:00',
        details: { reason: 'User deleted' },
        advertiser_id: null,
      },
      {
        ...common,
        entity_id: kept,
        entity_label: 'Toyota Aqua',
        action: 'submitted',
        actor_id: null,
        actor_name: null,
        at: '2026-11-01T08:00',
        advertiser_id: owner,
      },
      {
        ...common,
        entity_id: kept,
        entity_label: 'Toyota Aqua',
        action: 'images_updated',
        actor_id: admin,
        actor_name: 'Ruwan Jayasinghe',
        at: '2026-11-02T08:00',
        details: { removed: 2 },
        advertiser_id: owner,
      },
      {
        ...common,
        entity_id: kept,
        entity_label: 'Toyota Aqua',
        action: 'rejected',
        actor_id: admin,
        actor_name: 'Ruwan Jayasinghe',
        at: '2026-11-03T08:00',
        rejection_reason: 'Blurry',
        advertiser_id: owner,
        has_submitted_at: true,
      },
    ]);
    const [left] = rowsOf<{ old: string | null }>(
      await db.execute(sql`select to_regclass('moderation_events')::text as old`),
    );
    expect(left!.old).toBeNull();
    const counts = rowsOf<{ entity: string; action: string; n: string | number }>(
      await db.execute(sql`select entity, action, n from audit_counts order by action`),
    ).map((r) => [r.action, Number(r.n)]);
    expect(counts).toEqual([
      ['approved', 1],
      ['deleted', 1],
      ['images_updated', 2],
      ['rejected', 1],
      ['submitted', 1],
    ]);
  });
});

describeApi('migration 0017: entries and live events keep their admin as written', () => {
  let opened: Opened | undefined;
  afterAll(() => opened?.close());

  it('keeps the rows it finds, names their live events, and keeps a later-deleted admin on both', async () => {
    opened = await openEmpty();
    const { db } = opened;
    const before = migrationsBefore('0017_audit_kept_as_written');
    await opened.migrate(before);
    fs.rmSync(before, { recursive: true, force: true });

    const admin = '66666666-6666-4666-8666-666666666666';
    const ad = '77777777-7777-4777-8777-777777777777';
    await db.execute(sql`insert into users (id, username, name, email, password_hash, is_admin)
      values (${admin}, 'nimal', 'Nimal Perera', 'nimal@example.lk', 'x', true)`);
    await db.execute(sql`insert into audit_events (entity, entity_id, entity_label, action, actor_id, actor_name, at)
      values ('session', ${admin}, 'nimal', 'sign_in', ${admin}, 'Nimal Perera', '2026-11-01T08:00:00Z')`);
    await db.execute(
      sql`insert into ad_live_events (type, ad_id, status, by_id) values ('deleted', ${ad}, 'pending', ${admin})`,
    );

    await opened.migrate(migrations);

    const liveNames = async () =>
      rowsOf<{ by_name: string | null }>(await db.execute(sql`select by_name from ad_live_events order by id`)).map(
        (r) => r.by_name,
      );
    expect(await liveNames()).toEqual(['Nimal Perera']);
    await db.execute(
      sql`insert into ad_live_events (type, ad_id, status, by_id) values ('deleted', ${ad}, 'pending', ${admin})`,
    );
    await db.execute(sql`delete from users where id = ${admin}`);
    expect(await liveNames()).toEqual(['Nimal Perera', 'Nimal Perera']);
    const entries = rowsOf<{ actor_id: string | null; actor_name: string | null }>(
      await db.execute(sql`select actor_id::text as actor_id, actor_name from audit_events`),
    );
    expect(entries).toEqual([{ actor_id: admin, actor_name: 'Nimal Perera' }]);
    await expect(db.execute(sql`update audit_events set actor_id = null`)).rejects.toThrow();
  });
});
