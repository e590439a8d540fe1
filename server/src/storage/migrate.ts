import fs from 'node:fs/promises';
import path from 'node:path';
import { isTempKey, type FileStorage, type LocalDiskStorage } from './file-storage';

export type MigrateProgress = { done: number; total: number; copied: number; skipped: number; bytes: number };

/**
 * Copies every upload of a local folder into another storage (a bucket), so that a deployment can
 * move. Resumable: what the target already holds with the same size is skipped, so running it again
 * after an interruption copies only the rest. Temporary files of uploads in flight are left out
 * (the sweep deals with them). The local folder is never changed.
 */
export async function migrateUploads(opts: {
  from: LocalDiskStorage;
  to: FileStorage;
  /** Files copied at once. */
  concurrency?: number;
  onProgress?: (p: MigrateProgress) => void;
  /** Stops between files (Ctrl-C); what is copied stays copied. */
  signal?: AbortSignal;
}): Promise<MigrateProgress> {
  const present = new Map<string, number | undefined>();
  for await (const object of opts.to.list()) present.set(object.key, object.size);
  const files: Array<{ key: string; size: number }> = [];
  for await (const object of opts.from.list())
    if (!isTempKey(object.key)) files.push({ key: object.key, size: object.size ?? 0 });
  files.sort((a, b) => a.key.localeCompare(b.key));

  const progress: MigrateProgress = { done: 0, total: files.length, copied: 0, skipped: 0, bytes: 0 };
  let next = 0;
  async function worker() {
    while (next < files.length && !opts.signal?.aborted) {
      const file = files[next++]!;
      if (present.has(file.key) && present.get(file.key) === file.size) {
        progress.skipped++;
      } else {
        const data = await fs.readFile(path.join(opts.from.root, file.key));
        await opts.to.write(file.key, data);
        progress.copied++;
        progress.bytes += data.length;
      }
      progress.done++;
      opts.onProgress?.({ ...progress });
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return progress;
}
