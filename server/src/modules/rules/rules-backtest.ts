import type { FastifyBaseLogger } from 'fastify';
import { ruleMessages, type Backtest, type BacktestFigures } from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { RequestOrder } from '../../db/request-order';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { InteractiveLoad } from '../../lib/interactive-load';
import { actionDirection, compileRule, type AdFacts, type RuleVersion } from '../../rules/evaluate';
import { factsRead } from './advertiser-facts';
import {
  advertiserFacts,
  cancelBacktest,
  failStale,
  findBacktest,
  insertBacktest,
  lockRule,
  readDecided,
  ruleExists,
  runningBacktestOf,
  saveProgress,
  STALE_AFTER_MS,
  type DecidedAd,
  type DecidedKey,
} from './rules-backtest-repository';
import { toBacktest } from './rules-service';

/**
 * "Test this rule" (docs/decisions/0030-moderation-rules.md): a rule's current version over the
 * last N decided ads, newest decision first, by the one evaluator the live run uses. It runs in
 * this process in the background, a batch at a time, writing its figures to rule_backtests after
 * each batch; it stops when its row is no longer running (Cancel, from any instance, or the rule
 * deleted) and when the server shuts down.
 */

/** Ads read per statement. */
export const BACKTEST_BATCH = 500;
/** The start answers with the figures when the backtest ends within this long, else 202 (poll it). */
const ANSWER_WITHIN_MS = 2_000;
/**
 * The duty cycle (config BACKTEST_REST_RATIO; docs/decisions/0030-moderation-rules.md): after each
 * batch the backtest rests `REST_RATIO` times as long as the batch took (at most MAX_REST_MS), so it
 * works at most a quarter of the time however busy the server is; alone it takes four times as long
 * (about 20 s for 100,000 ads). Then it gives way to the requests in flight, until none has been for
 * QUIET_MS, for at most MAX_YIELD_MS (a server always busy still sees the backtest end).
 */
const REST_RATIO = 3;
const MAX_REST_MS = 1_000;
const MAX_YIELD_MS = 100;
const QUIET_MS = 5;
/** Disagreements kept of each kind. */
const MAX_SAMPLES = 20;

/** The figures of a backtest, ad by ad. */
export class BacktestTally {
  scanned = 0;
  matched = 0;
  /** Matched ads whose human decision agrees with the rule's action. */
  private agreed = 0;
  /** Scanned ads whose human decision is the rule's direction. */
  private inDirection = 0;
  private readonly samples: BacktestFigures['disagreements'] = [];
  private readonly kept = { matched: 0, missed: 0 };

  constructor(private readonly direction: 'approved' | 'rejected') {}

  add(ad: Pick<DecidedAd, 'id' | 'heading' | 'status'>, matched: boolean): void {
    this.scanned++;
    const agrees = ad.status === this.direction;
    if (agrees) this.inDirection++;
    if (matched) this.matched++;
    if (matched && agrees) this.agreed++;
    const kind = matched && !agrees ? 'matched' : !matched && agrees ? 'missed' : null;
    if (kind && this.kept[kind] < MAX_SAMPLES) {
      this.kept[kind]++;
      this.samples.push({ _id: ad.id, heading: ad.heading, status: ad.status, kind });
    }
  }

  figures(): BacktestFigures {
    return {
      scanned: this.scanned,
      matched: this.matched,
      // Every ad scanned was decided by a human: each one matched is one to measure against.
      decided: this.matched,
      precision: this.matched ? this.agreed / this.matched : null,
      recall: this.inDirection ? this.agreed / this.inDirection : null,
      disagreements: [...this.samples],
    };
  }
}

export type RuleBacktestsDeps = {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** PGlite: the backtest's statements queue behind the requests', not as part of the request that started it. */
  order?: RequestOrder;
  /** The requests in flight, which the backtest lets go first. */
  load?: InteractiveLoad;
  /** Ads per statement and the rest's ratio (config BACKTEST_BATCH, BACKTEST_REST_RATIO); else the defaults below. */
  pace?: { batchSize: number; restRatio: number };
};

type Run = { stop: AbortController; done: Promise<void> };

export class RuleBacktests {
  /** Ads per batch (tests make it small, to cancel between batches). */
  batchSize = BACKTEST_BATCH;
  /** How long the start waits for the end before answering 202 (tests set 0, or long enough). */
  answerWithinMs = ANSWER_WITHIN_MS;
  /** Rest after each batch, as a multiple of the batch's time (0: none). */
  restRatio = REST_RATIO;
  /** The time a batch takes is measured by this (ms; tests make it step). */
  now: () => number = () => performance.now();
  /** The rest between two batches (tests record or hold it); a Cancel or shutdown ends it at once. */
  rest: (ms: number, signal: AbortSignal) => Promise<void> = sleep;
  /** Awaited after each batch is written (tests hold a backtest there). */
  betweenBatches?: (backtest: { _id: string; scanned: number }) => Promise<void>;
  readonly #running = new Map<string, Run>();
  #closed = false;

  constructor(private readonly deps: RuleBacktestsDeps) {
    if (deps.pace) ({ batchSize: this.batchSize, restRatio: this.restRatio } = deps.pace);
  }

  /** On the embedded database only this process ever ran backtests: one left running was cut off by a crash. */
  async open(kind: 'pglite' | 'postgres'): Promise<void> {
    const now = this.deps.clock();
    if (kind === 'pglite') await failStale(this.deps.db, new Date(now.getTime() + 1), now);
  }

  /** Starts a backtest of the rule's current version; 409 while one of the rule's runs. */
  async start(ruleId: string, limit: number, startedBy: string | null): Promise<Backtest> {
    const { db, clock } = this.deps;
    const at = clock();
    const { backtest, rule } = await db.transaction(async (tx) => {
      const rule = await lockRule(tx, ruleId);
      if (!rule) throw new NotFoundError(ruleMessages.notFound);
      await failStale(tx, new Date(at.getTime() - STALE_AFTER_MS), at, ruleId, [...this.#running.keys()]);
      if (await runningBacktestOf(tx, ruleId)) throw new ConflictError(ruleMessages.backtestRunning);
      const backtest = toBacktest(await insertBacktest(tx, { ruleId, version: rule.version, limit, startedBy, at }));
      return { backtest, rule };
    });
    const stop = new AbortController();
    // Outside the starting request: on PGlite its statements would otherwise go before every later request's.
    const run = () => this.#run(backtest, rule, stop.signal);
    const done = (this.deps.order ? this.deps.order.context.exit(run) : run()).finally(() =>
      this.#running.delete(backtest._id),
    );
    this.#running.set(backtest._id, { stop, done });
    if (this.#closed) stop.abort();
    return backtest;
  }

  /** Resolves when this process's run of the backtest has ended (at once when it runs elsewhere or ended). */
  async finished(backtestId: string): Promise<void> {
    await this.#running.get(backtestId)?.done;
  }

  /**
   * The backtest once it ends, or as it is after `answerWithinMs`. `request`, the one waiting, no
   * longer counts as in flight: the backtest would otherwise give way to the request that waits for it.
   */
  async briefly(ruleId: string, backtestId: string, request?: object): Promise<Backtest> {
    if (request) this.deps.load?.end(request);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.finished(backtestId),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.answerWithinMs))),
    ]);
    clearTimeout(timer);
    return this.get(ruleId, backtestId);
  }

  async get(ruleId: string, backtestId: string): Promise<Backtest> {
    const { db, clock } = this.deps;
    const at = clock();
    await failStale(db, new Date(at.getTime() - STALE_AFTER_MS), at, ruleId, [...this.#running.keys()]);
    const row = await findBacktest(db, ruleId, backtestId);
    if (row) return toBacktest(row);
    throw new NotFoundError((await ruleExists(db, ruleId)) ? ruleMessages.backtestNotFound : ruleMessages.notFound);
  }

  /** Cancels a running backtest (a finished one stays as it is); the runner stops before its next batch is written. */
  async cancel(ruleId: string, backtestId: string): Promise<Backtest> {
    const { db, clock } = this.deps;
    const row = await cancelBacktest(db, ruleId, backtestId, clock());
    if (!row)
      throw new NotFoundError((await ruleExists(db, ruleId)) ? ruleMessages.backtestNotFound : ruleMessages.notFound);
    this.#running.get(backtestId)?.stop.abort();
    return toBacktest(row);
  }

  /** Shutdown: every run stops after its current statement and is recorded as cancelled. */
  async close(): Promise<void> {
    this.#closed = true;
    const runs = [...this.#running.values()];
    for (const r of runs) r.stop.abort();
    await Promise.all(runs.map((r) => r.done));
  }

  async #run(backtest: Backtest, rule: RuleVersion, signal: AbortSignal): Promise<void> {
    const { db, clock, log } = this.deps;
    const now = clock();
    const tally = new BacktestTally(actionDirection(rule.action));
    const advertisers = new Map<string, AdFacts['advertiser']>();
    let after: DecidedKey | undefined;
    const stopped = aborted(signal);
    try {
      const test = compileRule(rule).test;
      // Only the advertiser's facts the rule reads are asked for; none, no statement.
      const read = factsRead(rule.conditions);
      for (;;) {
        if (signal.aborted) break;
        const began = this.now();
        const size = Math.min(this.batchSize, backtest.limit - tally.scanned);
        const ads = await readDecided(db, after, size);
        const unseen = read.size
          ? [...new Set(ads.map((a) => a.userId).filter((u): u is string => !!u && !advertisers.has(u)))]
          : [];
        for (const [id, facts] of await advertiserFacts(db, unseen, now, read)) advertisers.set(id, facts);
        for (const ad of ads) {
          const advertiser = (ad.userId && advertisers.get(ad.userId)) || NO_ADVERTISER;
          tally.add(ad, test({ ...ad.facts, advertiser }));
        }
        after = ads.at(-1)?.key ?? after;
        const end = ads.length < size || tally.scanned >= backtest.limit;
        const at = clock();
        const running = await saveProgress(
          db,
          backtest._id,
          tally.figures(),
          at,
          end ? { state: 'done', at } : undefined,
        );
        if (!running || end) return;
        const rest = Math.min(MAX_REST_MS, (this.now() - began) * this.restRatio);
        // A shutdown or Cancel does not wait for the hook.
        if (this.betweenBatches)
          await Promise.race([this.betweenBatches({ _id: backtest._id, scanned: tally.scanned }), stopped]);
        if (rest > 0 && !signal.aborted) await Promise.race([this.rest(rest, signal), stopped]);
        await this.#turn();
      }
      // Stopped by the server's shutdown.
      await saveProgress(db, backtest._id, tally.figures(), clock(), { state: 'cancelled', at: clock() });
    } catch (err) {
      log.error({ err, backtest: backtest._id }, 'backtest failed');
      await saveProgress(db, backtest._id, tally.figures(), clock(), { state: 'failed', at: clock() }).catch(
        (e: unknown) => log.error({ err: e, backtest: backtest._id }, 'backtest not marked failed'),
      );
    }
  }

  /** A turn of the event loop, then the requests in flight go first. */
  async #turn(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.deps.load?.idle(MAX_YIELD_MS, QUIET_MS);
  }
}

/** Waits `ms`, or less when the signal aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );

/** An ad whose advertiser is gone (or never had an account): nothing known of them. */
const NO_ADVERTISER: AdFacts['advertiser'] = { verified: false, accountAgeDays: 0, activeStrikes: 0, approvedAds: 0 };
