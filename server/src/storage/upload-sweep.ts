import { finalKeyOf, isTempKey, type FileStorage } from './file-storage';
import { originalOfThumbnail } from './thumbnail-keys';

export const SWEEP_MIN_AGE_MS = 60 * 60_000;
/**
 * Temporary files are swept younger: an upload in flight keeps its temporary file for the seconds
 * between writing it and its row committing, so one older than this belongs to a process that died
 * (`kill -9`, a power cut). Instances sharing the storage never lose an upload in progress to
 * another one's sweep (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
export const TEMP_MIN_AGE_MS = 15 * 60_000;
export const SWEEP_EVERY_MS = 24 * 60 * 60_000;
/** A second sweep after start-up, once what a crash just before it left is old enough to go. */
export const SWEEP_AFTER_START_MS = TEMP_MIN_AGE_MS + 60_000;

export type SweepResult = { removed: string[]; promoted: string[] };

/**
 * Clears what a crash (or a failed clean-up) left in storage: files no row names and temporary
 * files of uploads. A temporary file whose final key a row names is a commit interrupted between
 * the database and the rename: it is promoted instead.
 *
 * Safe with several instances sweeping at once and serving uploads meanwhile: only objects older
 * than `minAgeMs` (temporary ones: `tempMinAgeMs`) are looked at (an upload in flight is seconds
 * old), a file some row names is never removed, and removing or promoting twice does no harm.
 */
export async function sweepUploads(opts: {
  storage: FileStorage;
  /** Of these keys, those some row names. */
  referenced: (keys: string[]) => Promise<Set<string>>;
  now: Date;
  minAgeMs?: number;
  tempMinAgeMs?: number;
  batchSize?: number;
  /** Ends the sweep between batches (the app is closing). */
  signal?: AbortSignal;
}): Promise<SweepResult> {
  const { storage } = opts;
  const before = opts.now.getTime() - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const tempsBefore = opts.now.getTime() - (opts.tempMinAgeMs ?? TEMP_MIN_AGE_MS);
  const result: SweepResult = { removed: [], promoted: [] };

  async function sweepBatch(keys: string[]) {
    const finals = new Map(keys.map((k) => [k, isTempKey(k) ? finalKeyOf(k) : k] as const));
    // A thumbnail stays as long as a row names its original.
    const rowKey = (k: string | null) => (k === null ? null : (originalOfThumbnail(k) ?? k));
    const named = await opts.referenced([
      ...new Set([...finals.values()].map(rowKey).filter((k): k is string => k !== null)),
    ]);
    const isNamed = (k: string | null) => k !== null && named.has(rowKey(k)!);
    for (const [key, final] of finals) {
      if (!isTempKey(key)) {
        if (!isNamed(key)) {
          await storage.remove(key);
          result.removed.push(key);
        }
      } else if (final && isNamed(final) && !(await storage.exists(final))) {
        await storage.promote(key, final);
        result.promoted.push(key);
      } else {
        await storage.remove(key);
        result.removed.push(key);
      }
    }
  }

  let batch: string[] = [];
  for await (const object of storage.list()) {
    if (opts.signal?.aborted) return result;
    if (object.modifiedAt.getTime() > (isTempKey(object.key) ? tempsBefore : before)) continue;
    batch.push(object.key);
    if (batch.length >= (opts.batchSize ?? 500)) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length && !opts.signal?.aborted) await sweepBatch(batch);
  return result;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Runs the sweep at start-up, again `afterStartMs` later (so the temporary files of a process killed
 * just before this one started are gone then, not a day later), and then every `everyMs`, one run at
 * a time. The timers never keep the process alive, and `stop` (called when the app closes) ends them
 * and waits for a run in progress.
 */
export class UploadSweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private followUp: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<SweepResult | null> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly sweep: (signal: AbortSignal) => Promise<SweepResult>,
    private readonly log: Log,
    private readonly everyMs = SWEEP_EVERY_MS,
    private readonly afterStartMs = SWEEP_AFTER_START_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    void this.runOnce();
    this.followUp = setTimeout(() => {
      this.followUp = null;
      void this.runOnce();
    }, this.afterStartMs);
    this.followUp.unref();
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
  }

  get scheduled(): { keepsProcessAlive: boolean } | null {
    return this.timer ? { keepsProcessAlive: this.timer.hasRef() || !!this.followUp?.hasRef() } : null;
  }

  /** One sweep (or the one already running); failures are logged, never thrown. */
  runOnce(): Promise<SweepResult | null> {
    if (this.stopping.signal.aborted) return Promise.resolve(null);
    this.running ??= this.sweep(this.stopping.signal)
      .then(
        (result) => {
          if (result.removed.length || result.promoted.length)
            this.log.info(
              { removed: result.removed.length, promoted: result.promoted.length, keys: result.removed.slice(0, 20) },
              'upload sweep removed leftover files',
            );
          return result;
        },
        (err: unknown) => {
          this.log.warn({ err }, 'upload sweep failed');
          return null;
        },
      )
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.followUp) clearTimeout(this.followUp);
    this.timer = null;
    this.followUp = null;
    this.stopping.abort();
    await this.running;
  }
}
