import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createStorage } from '../storage/create-storage';
import { LocalDiskStorage } from '../storage/file-storage';
import { migrateUploads } from '../storage/migrate';

/**
 * `npm run storage:migrate -- --to s3`: copies DATA_DIR/uploads into the bucket the S3_* variables
 * name. Run it again after an interruption: files already in the bucket are skipped. Then start the
 * servers with the S3_* variables set (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  if (values.to !== 's3') {
    console.error('Usage: npm run storage:migrate -- --to s3 [--from DIR]  (DIR defaults to DATA_DIR/uploads)');
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.s3) throw new ConfigError('Invalid configuration: S3_BUCKET must be set to migrate uploads to S3');
  const from = new LocalDiskStorage(path.resolve(values.from ?? path.join(config.dataDir, 'uploads')));
  const to = createStorage(config);
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.log('\nStopping after the files in progress; run the same command again to resume.');
    stop.abort();
  });
  console.log(
    `Copying ${from.root} to s3://${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  );
  let shown = 0;
  const result = await migrateUploads({
    from,
    to,
    signal: stop.signal,
    onProgress(p) {
      // A line every 2% (and the last), not one per file.
      if (p.done === p.total || p.done - shown >= Math.max(1, Math.floor(p.total / 50))) {
        shown = p.done;
        console.log(
          `  ${p.done}/${p.total} files (${Math.round((p.done / p.total) * 100)}%), ${p.copied} copied, ${p.skipped} already there, ${(p.bytes / 1e6).toFixed(1)} MB`,
        );
      }
    },
  });
  console.log(
    stop.signal.aborted
      ? `Interrupted: ${result.done} of ${result.total} files done.`
      : `Done: ${result.copied} copied, ${result.skipped} already in the bucket, ${result.total} in all.`,
  );
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
