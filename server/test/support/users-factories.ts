import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import type { AdRow, UserRow } from '../../src/db/schema';
import { makeAd } from './factories';
import { ORIGIN } from './test-app';

/** A signed-in admin's user-management requests against the app. */
export function usersClient(app: App, cookie: string) {
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const qs = (query: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return {
    list: (query: Record<string, string | number> = {}) => send('GET', `/api/users?${qs(query)}`),
    count: (query: Record<string, string | number> = {}) => send('GET', `/api/users/count?${qs(query)}`),
    get: (id: string) => send('GET', `/api/users/${id}`),
    update: (id: string, body: unknown) => send('PUT', `/api/users/${id}`, body),
    remove: (id: string) => send('DELETE', `/api/users/${id}`),
    send,
  };
}

/** The PUT body that leaves `user` as it is (override what the test changes). */
export function editBody(user: UserRow, overrides: Record<string, unknown> = {}) {
  return {
    username: user.username,
    email: user.email,
    mobile: user.mobile ?? '',
    isAdmin: user.isAdmin,
    isVerified: user.isVerified,
    ...overrides,
  };
}

/** `counts` ads of each status for `user`, linked by id and username. */
export async function makeAdsFor(
  db: Db,
  user: UserRow,
  counts: { approved?: number; pending?: number; rejected?: number },
  overrides: Partial<AdRow> = {},
): Promise<AdRow[]> {
  const out: AdRow[] = [];
  for (const status of ['approved', 'pending', 'rejected'] as const) {
    for (let i = 0; i < (counts[status] ?? 0); i++)
      out.push(
        await makeAd(db, {
          userId: user.id,
          username: user.username,
          status,
          rejectionReason: status === 'rejected' ? 'Duplicate' : null,
          ...overrides,
        }),
      );
  }
  return out;
}

/** Writes a small file under the test app's uploads and returns its absolute path. */
export function writeUpload(dataDir: string, key: string): string {
  const file = path.join(dataDir, 'uploads', key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  return file;
}

/** A checksum of users, ads, events and sessions: "nothing changed" compares two of these. */
export async function usersSnapshot(db: Db) {
  const result = await db.execute(sql`
    select
      (select coalesce(md5(string_agg(u::text, '|' order by u.id)), '') from users u) as users,
      (select coalesce(md5(string_agg(a::text, '|' order by a.id)), '') from advertisements a) as ads,
      (select count(*) from audit_events where action <> 'submitted')::int as events,
      (select coalesce(md5(string_agg(s.token_hash, '|' order by s.token_hash)), '') from sessions s) as sessions
  `);
  return (result as unknown as { rows: unknown[] }).rows[0];
}
