import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, runMigrations, type Runner } from 'graphile-worker';
import type { MessagesConfig } from '../config';
import { recordAudit } from '../domain/audit-writer';
import type { Db, Executor } from '../db/client';
import type { AdvertiserMessageRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { activeChannels, channelsFor, DeliveryError, type Channels } from './channels';
import { Drain, POLL_MS } from './drain';
import { checkedRecipient } from './recipients';
import { MAX_YIELD_MS, Pacing, QUIET_MS } from './pacing';
import * as repo from './outbox-repository';
import type { MessageKind } from './templates';

/** After the first attempt fails, the next ones wait this long; after the last, the message has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export { POLL_MS };
export { MAX_RELAY_DELAY_MS, MAX_YIELD_MS, QUIET_MS } from './pacing';
/**
 * One job delivers every due message (a pass), whoever's decisions wrote them. Its job key keeps it
 * one row however often it is added; added while a pass runs, it makes another pass follow.
 */
const TASK = 'deliver_due_advertiser_messages';
const JOB_KEY = 'advertiser-messages-due';
/** Messages sent at once by one process (and SMTP connections kept open for them). */
export const DELIVERY_CONCURRENCY = 2;
const PASS_BATCH = 20;

export type Decision = {
  adId: string;
  userId: string | null;
  kind: Exclude<MessageKind, 'report_reply'>;
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
  /** QUIET_MS unless given (tests shorten it). */
  quietMs?: number;
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
  private pollTimer: NodeJS.Timeout | undefined;
  private relaying: Promise<void> | undefined;
  /** PostgreSQL: graphile-worker's schema is there, jobs can be added. */
  private queueReady = false;
  private readonly pacing: Pacing;

  constructor(private readonly deps: OutboxDeps) {
    this.channels = channelsFor(deps.config, deps.dataDir);
    this.active = activeChannels(deps.config);
    this.pacing = new Pacing(deps.quietMs ?? QUIET_MS, () => this.relayNow());
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
      this.queueReady = true;
      if (!deliver) return;
      this.runner = await run({
        connectionString,
        logger,
        // One pass at a time per process; the pass sends DELIVERY_CONCURRENCY messages at once. A
        // pass locked by a process that died is no loss: the next look for due messages (in any
        // process) adds the job again, which then runs beside the dead one's.
        concurrency: 1,
        maxPoolSize: 4,
        noHandleSignals: true,
        pollInterval: 2_000,
        taskList: {
          [TASK]: async () => {
            await this.yieldToDecisions();
            await this.deliverDue();
          },
        },
      });
      this.pacing.maxRelayDelayMs = MAX_YIELD_MS;
      this.pollTimer = setInterval(() => void this.relayDue(), POLL_MS);
      this.pollTimer.unref();
      void this.relayDue();
    } else if (deliver) {
      this.drain = new Drain(this);
      this.pacing.maxRelayDelayMs = MAX_YIELD_MS;
    }
  }

  async close(): Promise<void> {
    // Decisions not yet relayed get their job now (a crash instead would leave them to the next
    // look for due messages, in whichever process delivers).
    if (this.pacing.takeWaiting() && !this.drain) this.relayNow();
    this.pacing.closing = true;
    clearInterval(this.pollTimer);
    await this.relaying;
    await this.drain?.stop();
    await this.runner?.stop();
    this.runner = undefined;
    this.channels.email.close?.();
    this.channels.sms.close?.();
  }

  /**
   * In the decision's transaction: the advertiser's messages, one per active channel, written by
   * one statement; their ids. Decisions write them with `messagesOf` instead, inside the statement
   * of their audit entry.
   */
  async record(tx: Executor, d: Decision): Promise<number[]> {
    if (!this.deps.config.enabled) return [];
    return repo.insertDecisionMessages(tx, [d], this.deps.clock(), this.messageChannels());
  }

  /**
   * The insert of the decisions' messages, for the decision's own statement to carry (its audit
   * entry's, as a CTE), so that the outbox adds no round trip to the decision's transaction;
   * undefined when nothing is to be written.
   */
  messagesOf(decisions: readonly Decision[]): SQL | undefined {
    if (!this.deps.config.enabled) return undefined;
    return repo.decisionMessagesInsert(decisions, this.deps.clock(), this.messageChannels()) ?? undefined;
  }

  /** Which channels messages are written for (a reply to a reporter uses them too). */
  messageChannels(): repo.MessageChannels {
    return { email: this.active.email, sms: this.active.sms, smsOnlyWithNumber: this.active.embedded };
  }

  /**
   * After a decision's commit, not awaited by it: the delivery job is added (PostgreSQL; its NOTIFY
   * wakes a worker in any process) or the embedded drain woken, once decisions have been quiet for
   * the quiet period, or at most MAX_RELAY_DELAY_MS (MAX_YIELD_MS when delivering here) after the
   * first one waiting: a burst's messages cost a statement or two in all. Nothing of the queue runs
   * in the decision's transaction, so it holds no queue locks and sends no NOTIFY; a crash before
   * the job is added leaves the rows queued and due, and the next look for due messages (at start
   * and every POLL_MS) adds it.
   */
  afterCommit(): void {
    if (this.deps.config.enabled) this.pacing.decided();
  }

  private relayNow(): void {
    if (this.drain) return void this.drain.wake();
    if (!this.queueReady || this.pacing.closing) return;
    this.relaying = (this.relaying ?? Promise.resolve()).then(() =>
      this.addDeliveryJob().catch((err: unknown) =>
        this.deps.log.warn({ err }, 'could not queue advertiser messages (the next look for due ones will)'),
      ),
    );
  }

  /** The delivery job: one row however often it is added (its key), one NOTIFY. */
  private async addDeliveryJob(): Promise<void> {
    await this.deps.db.execute(
      sql`select graphile_worker.add_job(${TASK}, '{}'::json, job_key => ${JOB_KEY}, max_attempts => 10)`,
    );
  }

  /**
   * A pass over the due messages, DELIVERY_CONCURRENCY at a time, until none is left; each attempt
   * claims its message first, so passes running at once in several processes send each once.
   */
  private async deliverDue(): Promise<void> {
    for (;;) {
      const ids = await this.dueIds(PASS_BATCH);
      let next = 0;
      await Promise.all(
        Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
          while (next < ids.length && !this.pacing.closing) await this.deliver(ids[next++]!);
        }),
      );
      if (ids.length < PASS_BATCH || this.pacing.closing) return;
    }
  }

  /** Waits while decisions are being made in this process (delivery inside the server only). */
  yieldToDecisions(): Promise<void> {
    return this.pacing.yield();
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
      await this.channels[row.channel].send({ ...row, recipient: checkedRecipient(row) });
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

  /** The delivery job added if any message is due (retries whose time has come, lost claims, lost adds). */
  private async relayDue(): Promise<void> {
    try {
      const ids = await repo.dueIds(this.deps.db, this.deps.clock(), 1);
      if (ids.length) await this.addDeliveryJob();
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
    if (row) this.relayNow();
    return row;
  }
}

export function graphileLogger(log: Log): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ meta }, message);
    else if (level === 'warning') log.warn({ meta }, message);
    else log.debug({ meta }, message);
  });
}
