import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export type QueueRow = { name: string; createdAt: Date };
type RawQueue = { name: string; created_at: Date | string };
const toQueue = (r: RawQueue): QueueRow => ({ name: r.name, createdAt: new Date(r.created_at) });

/** Every queue name, alphabetically whatever the case. */
export async function listQueues(db: Executor): Promise<QueueRow[]> {
  const result = await db.execute(sql`select name, created_at from moderation_queues order by lower(name), name`);
  return rowsOf<RawQueue>(result).map(toQueue);
}

/**
 * Adds the names not taken (the name, or the same name in another case: the unique index on
 * lower(name) refuses it, and the row is left out); the rows added, in the order given.
 */
export async function insertQueues(
  db: Executor,
  names: readonly string[],
  adminId: string,
  at: Date,
): Promise<QueueRow[]> {
  if (!names.length) return [];
  const result = await db.execute(sql`
    insert into moderation_queues (name, created_at, created_by)
    select n.name, ${at.toISOString()}::timestamptz, ${adminId}::uuid
    from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as n(name, ord)
    order by n.ord
    on conflict do nothing
    returning name, created_at`);
  const added = new Map(rowsOf<RawQueue>(result).map((r) => [r.name, toQueue(r)]));
  return names.flatMap((n) => added.get(n) ?? []);
}

/** The queue under this name in any case, locked until the transaction ends (so no rule takes it meanwhile). */
export async function lockQueue(db: Executor, name: string): Promise<QueueRow | undefined> {
  const result = await db.execute(sql`
    select name, created_at from moderation_queues where lower(name) = lower(${name}) for update`);
  return rowsOf<RawQueue>(result).map(toQueue)[0];
}

/** The names of the rules whose action routes ads to this queue (compared whatever the case). */
export async function rulesRoutingTo(db: Executor, name: string): Promise<string[]> {
  const result = await db.execute(sql`
    select name from moderation_rules
    where action->>'type' = 'route' and lower(action->>'queue') = lower(${name})
    order by lower(name)`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export async function deleteQueue(db: Executor, name: string): Promise<void> {
  await db.execute(sql`delete from moderation_queues where name = ${name}`);
}
