import type { FastifyBaseLogger } from 'fastify';
import { run, runMigrations, type Runner } from 'graphile-worker';
import type { Listen } from '../../db/listen';
import { graphileLogger } from '../../messages/advertiser-outbox';
import { analyseAds, type AnalysisDeps } from './signals-analysis';
import { dequeue, moveQueueToJobs, queuedAds } from './signals-store-repository';

/** graphile-worker's task: `{ adId }`, added by the insert trigger (migration 0022). */
const ANALYSE_TASK = 'analyse_ad';
/** Jobs one process runs at once (the image hash keeps a core busy). */
const CONCURRENCY = 2;
/** The embedded queue is drained this many ads per write (short, between the requests' statements). */
const DRAIN_BATCH = 10;
/** The embedded queue is looked at this often besides its NOTIFY (a missed one is no loss). */
const POLL_MS = 30_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export type AnalysisWorkerDeps = AnalysisDeps & {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: graphile-worker opens its own connections with it. */
  databaseUrl?: string;
  listen: Listen;
  log: Log;
};

/**
 * Runs the analysis of new ads (docs/decisions/0029-trust-signals.md). On PostgreSQL a
 * graphile-worker runner takes the `analyse_ad` jobs the insert trigger adds, in this process and
 * in any other running one. On the embedded database, which graphile-worker cannot run on (it
 * needs connections of its own and LISTEN across them), the trigger fills ad_analysis_queue and
 * this process drains it, woken by the trigger's NOTIFY, as the advertiser outbox does
 * (messages/drain.ts).
 */
export class AnalysisWorker {
  private runner: Runner | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private closing = false;
  /** Aborted by close(): the batch in progress is given up before its write (its ads stay queued). */
  private readonly stop = new AbortController();

  constructor(private readonly deps: AnalysisWorkerDeps) {}

  async start(): Promise<void> {
    const { deps } = this;
    if (deps.kind === 'postgres') {
      const connectionString = deps.databaseUrl!;
      const logger = graphileLogger(deps.log);
      await runMigrations({ connectionString, logger });
      // Ads queued before graphile-worker's queue existed (an import on a fresh database).
      await moveQueueToJobs(deps.db);
      this.runner = await run({
        connectionString,
        logger,
        concurrency: CONCURRENCY,
        maxPoolSize: CONCURRENCY + 1,
        noHandleSignals: true,
        pollInterval: 2_000,
        taskList: {
          [ANALYSE_TASK]: async (payload) => {
            const adId = (payload as { adId?: unknown } | null)?.adId;
            if (typeof adId === 'string') await analyseAds(deps, [adId]);
          },
        },
      });
      return;
    }
    this.unlisten = await deps.listen({ ad_analysis: () => void this.wake() });
    this.timer = setInterval(() => void this.wake(), POLL_MS);
    this.timer.unref();
    void this.wake();
  }

  /**
   * The embedded queue drained now; resolves once a pass that started after the call found it
   * empty. On PostgreSQL nothing to do (graphile-worker's runner is woken by its own NOTIFY).
   */
  wake(): Promise<void> {
    if (this.deps.kind === 'postgres' || this.closing) return Promise.resolve();
    this.again = true;
    // A wake that came as the last pass ended starts another.
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) void this.wake();
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.again && !this.closing) {
      this.again = false;
      try {
        for (;;) {
          const ids = await queuedAds(this.deps.db, DRAIN_BATCH);
          if (!ids.length || this.closing) break;
          await this.analyseQueued(ids);
        }
      } catch (err) {
        this.deps.log.warn({ err }, 'ad analysis pass failed');
      }
    }
  }

  /** A batch; when it fails, each ad alone, and an ad that fails alone leaves the queue (the backfill retries it). */
  private async analyseQueued(ids: string[]): Promise<void> {
    try {
      await analyseAds(this.deps, ids, { queued: ids, signal: this.stop.signal });
    } catch {
      for (const id of ids) {
        if (this.closing) return;
        try {
          await analyseAds(this.deps, [id], { queued: [id], signal: this.stop.signal });
        } catch (err) {
          this.deps.log.warn({ err, adId: id }, 'ad analysis failed; npm run signals:backfill retries it');
          await dequeue(this.deps.db, [id]);
        }
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stop.abort();
    clearInterval(this.timer);
    await this.draining;
    await this.unlisten?.();
    await this.runner?.stop();
    this.runner = undefined;
  }
}
