import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Db, Tx } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { parseImportLine, type ImportLine } from './ads-import-line';
import { discardAll, LineProblem, stageLineImages } from './ads-import-images';
import * as repo from './ads-import-repository';

/**
 * `npm run ads:import` (issue 33.2): one ad per line of a JSONL file, each line all or nothing.
 *
 * A line's images are checked and staged first (temporary keys, as uploads are), then one
 * transaction finds or creates the advertiser and inserts the ad; the images are published only
 * after it commits and dropped if it does not. The ad goes in pending, as the public site's do, so
 * the database's triggers count it, announce it and queue its analysis as for any other ad.
 *
 * Idempotent on `externalId`: a line whose ad is in already is counted and skipped before its
 * images are read, and the insert itself does nothing should another run have got there first. So
 * after a crash (or ^C) the same command finishes the rest.
 */
export type ImportProgress = { line: number; total: number; imported: number; existing: number; refused: number };

export type ImportResult = ImportProgress & {
  /** Set when the import stopped early: the line it stopped at and why. Nothing of that line is in. */
  stopped?: { line: number; reason: string };
};

export type ImportOptions = {
  db: Db;
  storage: FileStorage;
  file: string;
  /** Where the lines' image paths start; the file's folder by default. */
  imagesDir?: string;
  now?: () => Date;
  onProgress?: (p: ImportProgress) => void;
  /** A refused line: its number (from 1) and why, as `field: problem`. */
  onRefused?: (line: number, reason: string) => void;
  /** A published image that could not take its final name (the upload sweep will). */
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
  /** Called inside each line's transaction after the insert (fault-injection tests). */
  beforeCommit?: (line: number, tx: Tx) => Promise<void>;
};

/** Lines in the file, for the progress shown as `line / total`. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return last === 10 ? lines : lines + 1;
}

/** An advertiser without an email gets this address: unique as the username is, and never delivered. */
export const placeholderEmail = (username: string) => `${username.toLowerCase()}@imported.invalid`;

export async function importAds(opts: ImportOptions): Promise<ImportResult> {
  const now = opts.now ?? (() => new Date());
  const imagesDir = path.resolve(opts.imagesDir ?? path.dirname(opts.file));
  const total = await countLines(opts.file);
  const progress: ImportProgress = { line: 0, total, imported: 0, existing: 0, refused: 0 };
  // Imported advertisers cannot sign in (the back-office is for admins): a random password, hashed once.
  let passwordHash: Promise<string> | undefined;
  const seen = new Map<string, number>();

  const input = readline.createInterface({ input: createReadStream(opts.file), crlfDelay: Infinity });
  try {
    for await (const rawLine of input) {
      progress.line++;
      const lineNo = progress.line;
      const raw = lineNo === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
      if (raw.trim()) {
        try {
          const outcome = await importOne(raw);
          if (outcome === 'imported') progress.imported++;
          else progress.existing++;
        } catch (err) {
          if (!(err instanceof LineProblem)) {
            const reason = err instanceof Error ? err.message : String(err);
            return { ...progress, line: lineNo - 1, stopped: { line: lineNo, reason } };
          }
          progress.refused++;
          opts.onRefused?.(lineNo, err.message);
        }
      }
      opts.onProgress?.({ ...progress });
      if (opts.signal?.aborted) return { ...progress, stopped: { line: lineNo + 1, reason: 'interrupted' } };
    }
  } finally {
    input.close();
  }
  return progress;

  async function importOne(raw: string): Promise<'imported' | 'existing'> {
    const parsed = parseImportLine(raw, now());
    if (!parsed.ok) throw new LineProblem(parsed.reason);
    const line = parsed.line;
    const earlier = seen.get(line.externalId);
    if (earlier !== undefined) throw new LineProblem(`externalId: the same as line ${earlier}`);
    seen.set(line.externalId, progress.line);
    if (await repo.externalIdExists(opts.db, line.externalId)) return 'existing';

    const staged = await stageLineImages(opts.storage, imagesDir, line.images ?? []);
    let inserted: boolean;
    try {
      passwordHash ??= hashPassword(randomBytes(16).toString('hex'));
      const hash = await passwordHash;
      inserted = await opts.db.transaction(async (tx) => {
        const advertiser = await advertiserFor(tx, line, hash);
        const id = await repo.insertImportedAd(tx, adRow(line, advertiser, staged, now()));
        if (id === null) return false;
        await opts.beforeCommit?.(progress.line, tx);
        return true;
      });
    } catch (err) {
      await discardAll(staged);
      throw err;
    }
    if (!inserted) {
      await discardAll(staged);
      return 'existing';
    }
    await publish(staged);
    return 'imported';
  }

  /** The row has committed: the images take their final names; a failure is the sweep's to finish. */
  async function publish(staged: StagedFile[]): Promise<void> {
    for (const s of staged) {
      try {
        await s.commit();
      } catch (err) {
        opts.onWarning?.(`could not publish ${s.key} (${String(err)}); the upload sweep will`);
      }
    }
  }

  async function advertiserFor(tx: Tx, line: ImportLine, hash: string): Promise<repo.Advertiser> {
    const { username, name, email, mobile } = line.advertiser;
    let advertiser = await repo.findUserByUsername(tx, username);
    advertiser ??= await repo.insertAdvertiser(tx, {
      username,
      name: name ?? null,
      email: email ?? placeholderEmail(username),
      mobile: mobile ?? null,
      passwordHash: hash,
      now: now(),
    });
    // Taken meanwhile by a run importing the same username, or the email is another account's.
    advertiser ??= await repo.findUserByUsername(tx, username);
    if (!advertiser) throw new LineProblem('advertiser.email: already used by another account');
    if (advertiser.isAdmin) throw new LineProblem('advertiser.username: an administrator, not an advertiser');
    return advertiser;
  }
}

function adRow(line: ImportLine, advertiser: repo.Advertiser, staged: StagedFile[], now: Date) {
  return {
    externalId: line.externalId,
    userId: advertiser.id,
    username: advertiser.username,
    title: line.title ?? line.heading,
    heading: line.heading,
    details: line.details,
    category: line.category,
    district: line.district,
    price: line.price ?? null,
    adType: line.adType ?? 'digital',
    postingDate: line.postingDate ?? now,
    phone1: line.phone1 ?? null,
    images: staged.map((s) => s.key),
    status: 'pending' as const,
  };
}
