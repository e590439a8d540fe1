import { strikeMessages, userMessages, type UserStrikes } from '@backoffice/contract';
import { sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../domain/audit-writer';
import { rowsOf, type Db, type Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import * as repo from './strikes-repository';

/**
 * For other modules: an advertiser's active strikes as an SQL expression (the rules' advertiser
 * facts, the signals' analysis) and a user's strikes (the user page).
 */
export function activeStrikesSql(userId: SQL, now: Date | SQL): SQL {
  return repo.activeStrikesSql(userId, now);
}
export function strikesOf(db: Executor, userId: string, now: Date): Promise<UserStrikes> {
  return repo.strikesOf(db, userId, now);
}
/** The strike expiry setting's key and its value now (the inbox's Settings dialog). */
export const STRIKE_EXPIRY_KEY = repo.STRIKE_EXPIRY_KEY;
export function strikeExpiryDays(db: Executor): Promise<number> {
  return repo.expiryDays(db);
}

/** Strikes of advertisers (docs/decisions/0035-strikes-and-languages.md). */
export class StrikesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The user's strikes now; a 404 for an unknown user. */
  async of(userId: string): Promise<UserStrikes> {
    const found = rowsOf(await this.db.execute(sql`select 1 from users where id = ${userId}::uuid`));
    if (!found.length) throw new NotFoundError(userMessages.notFound);
    return repo.strikesOf(this.db, userId, this.clock());
  }

  /**
   * Removes the strike the ad's rejection gave the user, with the admin's note: a row of
   * strike_removals and an audit entry in the ad's history, in one transaction. A strike that is
   * not theirs, or already removed, is a 404.
   */
  async remove(userId: string, adId: string, note: string, actorId: string): Promise<UserStrikes> {
    await this.db.transaction(async (tx) => {
      const found = await repo.findStrike(tx, userId, adId);
      if (!found) throw new NotFoundError(strikeMessages.notFound);
      const at = this.clock();
      if (!(await repo.insertRemoval(tx, { adId, userId, note, removedBy: actorId, at })))
        throw new NotFoundError(strikeMessages.notFound);
      await recordAudit(tx, {
        entity: 'ad',
        entityId: adId,
        entityLabel: found.heading,
        action: 'strike_removed',
        actorId,
        at,
        details: { note, ...(found.reason ? { reason: found.reason } : {}) },
        advertiserId: userId,
      });
    });
    return repo.strikesOf(this.db, userId, this.clock());
  }
}
