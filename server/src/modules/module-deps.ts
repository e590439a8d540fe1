import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { FileStorage } from '../storage/file-storage';

/** What every admin module's route plugin receives from buildApp. */
export type ModuleDeps = {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
};
