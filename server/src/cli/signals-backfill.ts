import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open';
import { BACKFILL_BATCH, backfill, type BackfillProgress } from '../modules/signals/signals-backfill';
import { createStorage } from '../storage/create-storage';

const usage = 'Usage: npm run signals:backfill -- [--text-only] [--batch N]';

/**
 * `npm run signals:backfill`: analyses the ads that have no trust signals yet (ads there before the
 * signals, or a bulk load without triggers). Resumable (run it again after Ctrl-C or a crash),
 * safe while the server runs on PostgreSQL; `--text-only` skips reading the photos
 * (docs/decisions/0029-trust-signals.md). Progress and an estimate go to stderr.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'text-only': { type: 'boolean', default: false },
      batch: { type: 'string', default: String(BACKFILL_BATCH) },
    },
  });
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const stop = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nStopping after this batch; run the same command again to carry on.\n');
    stop.abort();
  });
  const started = Date.now();
  const bar = progressBar(started);
  try {
    const result = await backfill(
      { db: database.db, storage: createStorage(config), clock: () => new Date() },
      { textOnly: values['text-only'], batchSize, signal: stop.signal, onProgress: bar },
    );
    process.stderr.write('\n');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${stop.signal.aborted ? 'Interrupted' : 'Done'}: ${result.analysed} ads analysed in ${seconds} s` +
        `${values['text-only'] ? ' (text only)' : ''}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** A bar redrawn in place on a terminal, a line every ten seconds otherwise; the time left from the rate so far. */
function progressBar(started: number) {
  let lastLine = 0;
  return (p: BackfillProgress) => {
    const now = Date.now();
    const share = p.total ? p.done / p.total : 1;
    const rate = p.done / Math.max(0.001, (now - started) / 1000);
    const left = rate > 0 ? (p.total - p.done) / rate : 0;
    const width = 30;
    const filled = Math.round(share * width);
    const text =
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done.toLocaleString('en')} / ${p.total.toLocaleString('en')} ads` +
      ` (${(share * 100).toFixed(1)} %), ${Math.round(rate)}/s, about ${duration(left)} left`;
    if (process.stderr.isTTY) process.stderr.write(`\r${text}`);
    else if (now - lastLine >= 10_000 || p.done === p.total) {
      lastLine = now;
      process.stderr.write(`${text}\n`);
    }
  };
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.ceil(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof DataDirLockedError)
      console.error(`${err.message} (stop the server, or run the backfill against PostgreSQL while it serves)`);
    else
      console.error(
        err instanceof ConfigError
          ? err.message
          : `Backfill failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    process.exit(1);
  },
);
