import { queueMessages, queueName, type ModerationQueue } from '@backoffice/contract';
import { recordAudit, recordAuditMany } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import * as repo from './queues-repository';

const toQueue = (r: repo.QueueRow): ModerationQueue => ({ name: r.name, createdAt: r.createdAt.toISOString() });

/**
 * The queue names admins maintain (issue 34.5): a `route` rule sends ads to one of them
 * (docs/decisions/0030-moderation-rules.md). A name is unique whatever its case; one a rule routes
 * to cannot be deleted. Every change is an audit entry (entity `queue`), in its transaction.
 */
export class QueuesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<ModerationQueue[]> {
    return (await repo.listQueues(this.db)).map(toQueue);
  }

  /** 409 when the name is taken, in any case. */
  async add(name: string, adminId: string): Promise<ModerationQueue> {
    return this.db.transaction(async (tx) => {
      const at = this.clock();
      const [row] = await repo.insertQueues(tx, [name], adminId, at);
      if (!row) throw new ConflictError(queueMessages.nameTaken);
      await recordAudit(tx, {
        entity: 'queue',
        entityId: null,
        entityLabel: row.name,
        action: 'created',
        actorId: adminId,
        at,
      });
      return toQueue(row);
    });
  }

  /** 404 when no queue has the name (in any case); 409 naming the rules that route to it. */
  async remove(name: string, adminId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.lockQueue(tx, name.trim());
      if (!row) throw new NotFoundError(queueMessages.notFound);
      const rules = await repo.rulesRoutingTo(tx, row.name);
      if (rules.length) throw new ConflictError(queueMessages.inUse(row.name, rules));
      await repo.deleteQueue(tx, row.name);
      await recordAudit(tx, {
        entity: 'queue',
        entityId: null,
        entityLabel: row.name,
        action: 'deleted',
        actorId: adminId,
        at: this.clock(),
      });
    });
  }

  /**
   * Adds the names of an import (already checked) in one transaction, one audit entry each as a
   * single add writes; names already there, or repeated in the file, in any case, are skipped.
   */
  async importMany(names: readonly string[], adminId: string): Promise<{ added: number; skipped: number }> {
    const seen = new Set<string>();
    const fresh = names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
    return this.db.transaction(async (tx) => {
      const at = this.clock();
      const added = await repo.insertQueues(tx, fresh, adminId, at);
      await recordAuditMany(
        tx,
        added.map((q) => ({
          entity: 'queue',
          entityId: null,
          entityLabel: q.name,
          action: 'created',
          actorId: adminId,
          at,
        })),
      );
      return { added: added.length, skipped: names.length - added.length };
    });
  }
}

/** A queue name of an import line: the entry, or why not (the API's own messages). */
export function checkQueueName(raw: string): { value: string } | { reason: string } {
  const parsed = queueName.safeParse(raw);
  return parsed.success ? { value: parsed.data } : { reason: parsed.error.issues[0]!.message };
}
