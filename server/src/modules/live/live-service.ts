import type { Executor } from '../../db/client';
import * as repo from './live-repository';

/** For the services whose transactions change ads: who the live events name as the admin behind them. */
export function actAs(tx: Executor, adminId: string): Promise<void> {
  return repo.actAs(tx, adminId);
}
