import type { AdCounts } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import * as repo from './live-repository';
import { frame } from './live-support';

/**
 * A scoped moderator's stream (docs/decisions/0033-roles.md, "Category scoping"): only the events
 * of their categories' ads, carrying the counts of those categories (as their list counts them).
 */
const scopeKey = (categories: readonly string[]) => JSON.stringify(categories);

export type ScopedCounts = Map<string, AdCounts>;

/**
 * For a batch of `events`, the counts of each set of categories the streams are scoped to, read once
 * per set: no query when the batch is empty or no stream is scoped.
 */
export async function countsByScope(
  db: Executor,
  events: readonly unknown[],
  streams: Iterable<{ categories: string[] | null }>,
): Promise<ScopedCounts> {
  const counts: ScopedCounts = new Map();
  if (events.length === 0) return counts;
  for (const { categories } of streams) {
    const key = categories && scopeKey(categories);
    if (key && !counts.has(key)) counts.set(key, await repo.countsOf(db, categories));
  }
  return counts;
}

/**
 * The frame of `e` for a stream scoped to `categories`. An ad of another category: only its `id:`
 * line, which dispatches no event but moves the browser's Last-Event-ID on (a reconnect resumes
 * from there rather than reloading). An ad that is gone (its category no longer known) is sent: the
 * event only names it, and lists drop it.
 */
export function frameFor(
  e: repo.SequencedEvent,
  { categories }: { categories: string[] | null },
  counts: ScopedCounts,
): string {
  if (!categories) return frame(e);
  if (e.category !== null && !categories.includes(e.category)) return `id: ${e.seq}\n\n`;
  const own = counts.get(scopeKey(categories));
  return frame(own ? { ...e, event: { ...e.event, counts: own } } : e);
}
