import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Reader } from '../db/read-routing';
import type { Clock } from '../lib/clock';
import type { AdvertiserOutbox } from '../messages/advertiser-outbox';
import type { FileStorage } from '../storage/file-storage';

/**
 * What buildApp builds every service from (buildServices, server/src/services.ts); a route plugin
 * that still reads the database or the clock itself takes `db` or `clock` from here as well.
 */
export type ModuleDeps = {
  db: Db;
  /**
   * The executor for a request's list reads (lists, counts, exports, the dashboard): the read replica
   * when there is one fresh enough for the asking admin, else `db` (db/read-routing.ts).
   */
  reader: Reader;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Messages to advertisers, written in the same transaction as the decision they report. */
  outbox: AdvertiserOutbox;
  /** Draws for sampling decisions into second review; Math.random unless a test passes its own. */
  random?: () => number;
};
