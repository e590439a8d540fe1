import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, runMigrations, type Runner } from 'graphile-worker';
import type { MessagesConfig } from '../config';
import { recordAudit } from '../db/audit-repository';
import type { Db, Executor } from '../db/client';
import type { AdvertiserMessageRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { activeChannels, channelsFor, DeliveryError, type Channels } from './channels';
import * as repo from './outbox-repository';
import type { MessageKind } from './templates';

/** After the first attempt fails, the next ones wait this long; after the last, the message has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
/** How often queued retries and lost claims are looked for, besides the wake-up after each decision. */
export const POLL_MS = 30_000;
const TASK = 'deliver_advertiser_message';
/** Messages sent at once by one process (and SMTP connections kept open for them). */
export const DELIVERY_CONCURRENCY = 2;
/**
 * Delivery inside the server gives way to decisions: it waits until none has been committed here
 * for QUIET_MS, but holds back for at most MAX_YIELD_MS in a row, so that a long stream of
 * decisions still has its messages sent meanwhile.
 */
export const QUIET_MS = 300;
export const MAX_YIELD_MS = 15_000;
const DRAIN_BATCH = 20;

export type Decision = {
  adId: string;
  userId: string | null;
  kind: MessageKind;
  heading: string;
  reason: string | null;
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export type OutboxDeps = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: graphile-worker opens its own few connections with it. */
  databaseUrl?: string;
  clock: Clock;
  config: MessagesConfig;
  dataDir: string;
  log: Log;
};

/**
 * Messages to advertisers (docs/decisions/0022-advertiser-messages.md): written in the decision's
 * transaction (`record`), delivered after it by graphile-worker on PostgreSQL or by an in-process
 * drain on the embedded database, each attempt claimed first so only one worker sends a message.
 */
export class AdvertiserOutbox {
  private readonly channels: Channels;
  private readonly active: ReturnType<typeof activeChannels>;
  private runner: Runner | undefined;
  private drain: Drain | undefined;
  private relayTimer: NodeJS.Timeout | undefined;
  private toRelay: number[] = [];
  private relayAllDue = false;
  private relaying: Promise<void> | undefined;
  private lastDecisionAt = -Infinity;
  private closing = false;
  private yieldingSince: number | undefined;

  constructor(private readonly deps: OutboxDeps) {
    this.channels = channelsFor(deps.config, deps.dataDir);
    this.active = activeChannels(deps.config);
  }

  /** Files under DATA_DIR/outbox instead of SMTP and SMS: the place, for the start-up notice. */
  get embeddedDir(): string | null {
    return this.active.embedded ? this.channels.describe : null;
  }

  /**
   * Prepares the queue (graphile-worker's schema, which decisions enqueue into) and, when `deliver`,
   * starts delivering in this process.
   */
  async start(deliver = this.deps.config.worker): Promise<void> {
    if (this.deps.kind === 'postgres') {
      const connectionString = this.deps.databaseUrl!;
      const logger = graphileLogger(this.deps.log);
      await runMigrations({ connectionString, logger });
      if (!deliver) return;
      this.runner = await run({
        connectionString,
        logger,
        concurrency: DELIVERY_CONCURRENCY,
        maxPoolSize: 6,
        noHandleSignals: true,
        pollInterval: 2_000,
        // Jobs fetched a few at a time and completed in batches: fewer queries per message, so
        // delivery takes less of the CPU the decisions run on. A job locked by a process that died
        // is no loss: its message is due again and is given a new job by the next look for due ones.
        preset: { worker: { localQueue: { size: DELIVERY_CONCURRENCY + 1 }, completeJobBatchDelay: 100 } },
        taskList: {
          [TASK]: async (payload) => {
            await this.yieldToDecisions();
            await this.deliver(Number((payload as { id: unknown }).id));
          },
        },
      });
      this.relayTimer = setInterval(() => void this.relayDue(), POLL_MS);
      this.relayTimer.unref();
      void this.relayDue();
    } else if (deliver) {
      this.drain = new Drain(this);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.relayTimer);
    await this.relaying;
    await this.drain?.stop();
    await this.runner?.stop();
    this.runner = undefined;
    this.channels.email.close?.();
    this.channels.sms.close?.();
  }

  /**
   * In the decision's transaction: the advertiser's messages, one per active channel, written by
   * one statement; their ids go to `afterCommit`. Nothing else runs in the transaction: the job
   * that delivers them is added after the commit (a crash before that leaves the row, which the
   * next look for due messages finds), so the decision holds no queue locks and sends no NOTIFY.
   */
  async record(tx: Executor, d: Decision): Promise<number[]> {
    return this.recordMany(tx, [d]);
  }

  /**
   * After a decision's commit: the embedded drain looks at once; on PostgreSQL the messages'
   * jobs are added (with the ids `record` gave; without them, every due message), batched with
   * those of decisions committed meanwhile, and their NOTIFY wakes a worker in any process.
   * Not awaited by the decision.
   */
  afterCommit(ids?: readonly number[]): void {
    this.lastDecisionAt = performance.now();
    if (this.drain) {
      void this.drain.wake();
      return;
    }
    if (this.deps.kind !== 'postgres' || !this.deps.config.enabled) return;
    if (ids) this.toRelay.push(...ids);
    else this.relayAllDue = true;
    this.relaying ??= this.relay();
  }

  private async relay(): Promise<void> {
    try {
      while (this.toRelay.length || this.relayAllDue) {
        const ids = this.toRelay.splice(0, 500);
        const all = this.relayAllDue;
        this.relayAllDue = false;
        if (ids.length) {
          try {
            await this.addJobs(ids);
          } catch (err) {
            this.deps.log.warn({ err }, 'could not queue advertiser messages (the next look for due ones will)');
          }
        }
        if (all) await this.relayDue();
      }
    } finally {
      this.relaying = undefined;
    }
  }

  /**
   * `record` for many decisions in one transaction (select all matching): one statement however
   * many decisions; their ids go to `afterCommit`.
   */
  async recordMany(tx: Executor, decisions: Decision[]): Promise<number[]> {
    if (!this.deps.config.enabled) return [];
    return repo.insertDecisionMessages(tx, decisions, this.deps.clock(), {
      email: this.active.email,
      sms: this.active.sms,
      smsOnlyWithNumber: this.active.embedded,
    });
  }

  /** One job per message, however often it is added (its job key); one statement and one NOTIFY for all. */
  private async addJobs(ids: readonly number[]): Promise<void> {
    await this.deps.db.execute(sql`select count(*) from graphile_worker.add_jobs(array(
        select row(${TASK}, json_build_object('id', m.id), null, null, 10, 'advertiser-message:' || m.id, null, null)::graphile_worker.job_spec
        from (values ${sql.join(
          ids.map((id) => sql`(${id}::bigint)`),
          sql`, `,
        )}) m(id)), true)`);
  }

  /**
   * Waits while decisions are being made in this process (delivery and decisions share its CPU
   * and the database's): a burst of decisions is answered first, its messages follow it. A
   * separate worker process (`npm run worker`) never waits: it decides nothing.
   */
  async yieldToDecisions(): Promise<void> {
    for (;;) {
      const now = performance.now();
      const quietFor = now - this.lastDecisionAt;
      if (quietFor >= QUIET_MS || this.closing) {
        this.yieldingSince = undefined;
        return;
      }
      this.yieldingSince ??= now;
      if (now - this.yieldingSince >= MAX_YIELD_MS) return;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor));
    }
  }

  /** Looks for due messages now (tests call it after moving the clock). */
  async wake(): Promise<void> {
    if (this.drain) return this.drain.wake();
    if (this.runner) await this.relayDue();
  }

  /**
   * One attempt at one message, if it is due and no one else has it: claim (committed), send,
   * record the outcome. A crash after the send and before the record leaves the claim, which is
   * taken again after its lease: the receiver gets the same message (same Message-ID) once more.
   */
  async deliver(id: number): Promise<void> {
    const { db, clock, log } = this.deps;
    const row = await repo.claim(db, id, clock());
    if (!row) return;
    let outcome: Parameters<typeof repo.finish>[2];
    try {
      if (!row.recipient) {
        throw new DeliveryError(row.channel === 'email' ? 'No email address' : 'No verified mobile number', true);
      }
      await this.channels[row.channel].send({ ...row, recipient: row.recipient });
      outcome = { status: 'sent', at: clock() };
    } catch (err) {
      const e = err instanceof DeliveryError ? err : new DeliveryError((err as Error).message ?? String(err), false);
      const at = clock();
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      outcome =
        e.permanent || delay === undefined
          ? { status: 'failed', at, error: e.message }
          : { status: 'queued', at, error: e.message, nextAttemptAt: new Date(at.getTime() + delay) };
      log.warn(
        { messageId: id, attempt: row.attempts, err: e.message, next: outcome.status },
        'advertiser message not delivered',
      );
    }
    await repo.finish(db, row, outcome);
  }

  /** Due messages handed to graphile-worker; the job key makes a message's job one, however often it is added. */
  private async relayDue(): Promise<void> {
    try {
      const ids = await repo.dueIds(this.deps.db, this.deps.clock(), 500);
      if (ids.length) await this.addJobs(ids);
    } catch (err) {
      this.deps.log.warn({ err }, 'could not look for due advertiser messages');
    }
  }

  /** For the drain: due ids in clock order. */
  dueIds(limit: number): Promise<number[]> {
    return repo.dueIds(this.deps.db, this.deps.clock(), limit);
  }

  get log(): Log {
    return this.deps.log;
  }

  list = (q: Parameters<typeof repo.listMessages>[1]) => repo.listMessages(this.deps.db, q);
  find = (id: number) => repo.findMessage(this.deps.db, id);

  /** A failed message queued again; delivery starts at once. */
  async retry(id: number, actorId: string): Promise<AdvertiserMessageRow | undefined> {
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await repo.requeueFailed(tx, id, this.deps.clock());
      // The admin sends the message to the advertiser again: part of that ad's history.
      if (row) {
        await recordAudit(tx, {
          entity: 'ad',
          entityId: row.adId,
          entityLabel: row.adHeading,
          action: 'notified',
          actorId,
          at: this.deps.clock(),
          details: { channel: row.channel },
          advertiserId: row.userId,
        });
      }
      return row;
    });
    if (row) this.afterCommit([row.id]);
    return row;
  }
}

/**
 * The embedded database's delivery: one loop in this process (PGlite has one connection and no
 * LISTEN across processes), woken after each decision and every POLL_MS, attempts one at a time
 * with the same claim and retry rules as graphile-worker's jobs.
 */
class Drain {
  private stopped = false;
  private again = false;
  private kick: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly done: Promise<void>;
  private idle: Array<() => void> = [];

  constructor(private readonly outbox: AdvertiserOutbox) {
    this.done = this.loop();
  }

  /** Resolves once a pass that started after this call has found nothing more due. */
  wake(): Promise<void> {
    const settled = new Promise<void>((resolve) => this.idle.push(resolve));
    this.again = true;
    this.kick?.();
    return settled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick?.();
    await this.done;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private async pass(): Promise<void> {
    for (;;) {
      const ids = await this.outbox.dueIds(DRAIN_BATCH);
      for (const id of ids) {
        if (this.stopped) return;
        await this.outbox.yieldToDecisions();
        if (this.stopped) return;
        await this.outbox.deliver(id);
      }
      if (ids.length < DRAIN_BATCH) return;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.again = false;
      const waiting = this.idle.splice(0);
      try {
        await this.pass();
      } catch (err) {
        this.outbox.log.warn({ err }, 'advertiser message delivery pass failed');
      } finally {
        for (const resolve of waiting) resolve();
      }
      if (this.stopped || this.again) continue;
      await new Promise<void>((resolve) => {
        this.kick = resolve;
        this.timer = setTimeout(resolve, POLL_MS);
        this.timer.unref();
      });
      clearTimeout(this.timer);
      this.kick = undefined;
    }
  }
}

function graphileLogger(log: Log): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ meta }, message);
    else if (level === 'warning') log.warn({ meta }, message);
    else log.debug({ meta }, message);
  });
}
