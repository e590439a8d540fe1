import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open';
import { importAds, type ImportProgress } from '../modules/ads-import/ads-import-service';
import { createStorage } from '../storage/create-storage';

/**
 * `npm run ads:import -- FILE.jsonl [--images DIR]`: one ad per line (README, "Importing ads").
 * Refused lines and progress go to stderr, the summary to stdout. Exit status 0 when every line is
 * in, 1 when a line was refused or the import stopped (run the same command again to finish), 2 for
 * a wrong command line.
 */
const usage = 'Usage: npm run ads:import -- FILE.jsonl [--images DIR]  (DIR defaults to the file’s folder)';

function progressPrinter(): (p: ImportProgress) => void {
  const tty = process.stderr.isTTY;
  let shown = -1;
  return (p) => {
    const percent = p.total ? Math.floor((p.line / p.total) * 100) : 100;
    // A terminal gets one line rewritten in place; a log gets a line every 5 %.
    if (!tty && percent < shown + 5 && p.line !== p.total) return;
    shown = percent;
    const text = `lines ${p.line}/${p.total} (${percent}%): ${p.imported} imported, ${p.existing} already in, ${p.refused} refused`;
    process.stderr.write(tty ? `\r${text}` : `${text}\n`);
  };
}

async function run(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { images: { type: 'string' } } });
  } catch {
    console.error(usage);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length) {
    console.error(usage);
    return 2;
  }
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    console.error(`No such file: ${file}`);
    return 2;
  }
  const imagesDir = parsed.values.images;
  if (imagesDir !== undefined && !fs.statSync(imagesDir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`No such folder: ${imagesDir}`);
    return 2;
  }

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const showProgress = progressPrinter();
  let midLine = false;
  const say = (text: string) => {
    process.stderr.write(`${midLine ? '\n' : ''}${text}\n`);
    midLine = false;
  };
  try {
    const result = await importAds({
      db: database.db,
      storage: createStorage(config),
      file: path.resolve(file),
      imagesDir,
      signal: stop.signal,
      onProgress: (p) => {
        showProgress(p);
        midLine = Boolean(process.stderr.isTTY);
      },
      onRefused: (line, reason) => say(`line ${line}: ${reason}`),
      onWarning: (message) => say(`warning: ${message}`),
    });
    if (midLine) process.stderr.write('\n');
    const counts = `${result.imported} imported, ${result.existing} already in, ${result.refused} refused`;
    if (result.stopped) {
      console.log(
        `Stopped at line ${result.stopped.line} (${result.stopped.reason}): ${counts}. Run the same command again to import the rest.`,
      );
      return 1;
    }
    console.log(`Done: ${counts} (${result.total} lines).`);
    return result.refused ? 1 : 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError)
      console.error(`${err.message} To import while the server runs, run both on PostgreSQL (DATABASE_URL).`);
    else if (err instanceof ConfigError) console.error(err.message);
    else console.error(`Import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
