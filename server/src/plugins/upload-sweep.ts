import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { referencedUploadKeys } from '../db/upload-references';
import type { Clock } from '../lib/clock';
import type { FileStorage } from '../storage/file-storage';
import { sweepUploads, UploadSweeper } from '../storage/upload-sweep';

/**
 * The upload sweep over this app's storage and database, as `app.uploadSweeper`. main.ts starts it
 * once the server listens; closing the app stops its timer and waits for a run in progress.
 */
export function registerUploadSweep(app: FastifyInstance, deps: { db: Db; storage: FileStorage; clock: Clock }) {
  const sweeper = new UploadSweeper(
    (signal) =>
      sweepUploads({
        signal,
        storage: deps.storage,
        referenced: (keys) => referencedUploadKeys(deps.db, keys),
        now: deps.clock(),
      }),
    app.log,
  );
  app.decorate('uploadSweeper', sweeper);
  app.addHook('onClose', () => sweeper.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadSweeper: UploadSweeper;
  }
}
