import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { postgresListen, type Listen } from './listen';
import { RequestOrder } from './request-order';
import * as schema from './schema';

/** docs/decisions/0011-database-files-and-instances.md: one query layer over embedded PGlite or a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Flushes to disk (PGlite: CHECKPOINT) and closes connections. */
  close(): Promise<void>;
  /** PGlite: serves statements in their requests' order; the server numbers each request with it. */
  requestOrder?: RequestOrder;
  /** PostgreSQL: the connection string, for clients of its own (the message queue). */
  url?: string;
  /** LISTEN to NOTIFY channels: PGlite's own, or a dedicated PostgreSQL connection. */
  listen: Listen;
  /** PostgreSQL with DATABASE_REPLICA_URL: the streaming replica the lists read from (db/read-routing.ts). */
  replica?: Replica;
};

/** A hot standby of the primary: read-only, never migrated (it replays the primary's migrations). */
export type Replica = { db: Db; url: string; close(): Promise<void> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PGlite at `dataDir` (in memory when undefined) and applies migrations. `template` is a data
 * directory dumped by `migratedPgliteTemplate()`: starting from it skips PGlite's initdb and the
 * migrations already applied (0.8 s instead of 3.4 s; the tests open one database per app).
 */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: template });
  const requestOrder = new RequestOrder();
  const db = drizzlePglite(orderedClient(client, requestOrder), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    requestOrder,
    listen: async (handlers) => {
      const stops = await Promise.all(
        Object.entries(handlers).map(([channel, handler]) => client.listen(channel, handler)),
      );
      return async () => {
        if (!client.closed) await Promise.all(stops.map((stop) => stop()));
      };
    },
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

/** A fresh, migrated, empty PGlite data directory as a tarball, for `openPglite(…, template)`. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The client as drizzle uses it (query, transaction), every call queued in `order`. */
function orderedClient(client: PGlite, order: RequestOrder): PGlite {
  const query = ((text, params, options) => order.run(() => client.query(text, params, options))) as PGlite['query'];
  const transaction = ((fn) => order.run(() => client.transaction(fn))) as PGlite['transaction'];
  return { query, transaction } as PGlite;
}

function postgresPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // PostgreSQL's own choice between a named statement's generic plan and one made for its values
    // (docs/decisions/0009, "One plan per shape"): a statement whose values need their own plan is
    // sent unnamed, planned for them each time.
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Connects to a PostgreSQL server and applies migrations; with `replicaUrl`, to its replica as well. */
export async function openPostgres(url: string, poolSize = 10, replicaUrl?: string): Promise<Database> {
  const pool = postgresPool(url, poolSize);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  // No connection yet: a replica that is down at start-up leaves the reads on the primary.
  const replicaPool = replicaUrl ? postgresPool(replicaUrl, poolSize) : undefined;
  return {
    db,
    kind: 'postgres',
    url,
    listen: postgresListen(url),
    replica: replicaPool && {
      db: drizzlePg(replicaPool, { schema }) as unknown as Db,
      url: replicaUrl!,
      close: () => replicaPool.end(),
    },
    async close() {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Preparing = {
  dialect: { sqlToQuery(query: SQL): unknown };
  session: {
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
  };
};

/**
 * `db.execute(query)` as a named prepared statement: PostgreSQL parses and plans it once per
 * connection rather than on every call (PGlite ignores the name). For a hot statement whose text
 * never changes, only its values: the public intake's (docs/decisions/0034-reports.md). Drizzle
 * names only its query builders' statements, so this reaches its session as `execute` itself does.
 */
export function executePrepared(db: Executor, name: string, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as Preparing;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
